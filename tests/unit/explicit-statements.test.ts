// The table of explicit memory statements (issue 18 §2), one row per language, checked against the
// languages the sanitizer's lexicons cover.
import { describe, expect, it } from 'vitest';
import { STATEMENT_LANGUAGES, factMatches, findStatements } from '../../src/main/chat/explicit-statements';
import { noToolsReason, toolSupportFromMetadata } from '../../src/main/llm/model-capabilities';
import { LEXICONS } from '../../src/main/memory/facts/sanitize-injection-lexicon';
import { APICallError } from 'ai';

// [language, message, expected statement]
const CASES: [string, string, { kind: string; text: string }][] = [
  ['en', 'Remember that I am allergic to peanuts.', { kind: 'remember', text: 'I am allergic to peanuts.' }],
  ['en', "Please don't forget: my sister's birthday is March 3", { kind: 'remember', text: "My sister's birthday is March 3." }],
  ['en', 'Forget that I live in Porto', { kind: 'forget', text: 'I live in Porto' }],
  ['en', 'From now on, call me Sam.', { kind: 'call-me', text: 'Wants to be called Sam.' }],
  ['es', 'Recuerda que soy vegetariano.', { kind: 'remember', text: 'Soy vegetariano.' }],
  ['es', 'Olvida que vivo en Madrid.', { kind: 'forget', text: 'vivo en Madrid' }],
  ['es', 'De ahora en adelante, llámame Lola.', { kind: 'call-me', text: 'Quiere que le llamen Lola.' }],
  ['fr', "Souviens-toi que je suis végétarien.", { kind: 'remember', text: 'Je suis végétarien.' }],
  ['fr', 'Désormais, appelle-moi Jeanne.', { kind: 'call-me', text: "Veut qu'on l'appelle Jeanne." }],
  ['de', 'Merk dir, dass ich Vegetarier bin.', { kind: 'remember', text: 'Ich Vegetarier bin.' }],
  ['de', 'Vergiss, dass ich in Köln wohne.', { kind: 'forget', text: 'ich in Köln wohne' }],
  ['de', 'Ab jetzt nenn mich Kai.', { kind: 'call-me', text: 'Möchte Kai genannt werden.' }],
  ['it', 'Ricorda che sono vegetariano.', { kind: 'remember', text: 'Sono vegetariano.' }],
  ['it', "D'ora in poi chiamami Gio.", { kind: 'call-me', text: 'Vuole essere chiamato Gio.' }],
  ['pt', 'Lembre-se de que eu sou vegetariano.', { kind: 'remember', text: 'Eu sou vegetariano.' }],
  ['pt', 'A partir de agora, me chame de Rafa.', { kind: 'call-me', text: 'Quer ser chamado de Rafa.' }],
  ['nl', 'Onthoud dat ik vegetariër ben.', { kind: 'remember', text: 'Ik vegetariër ben.' }],
  ['nl', 'Vergeet dat ik in Gent woon.', { kind: 'forget', text: 'ik in Gent woon' }],
  ['sv', 'Kom ihåg att jag är vegetarian.', { kind: 'remember', text: 'Jag är vegetarian.' }],
  ['pl', 'Zapamiętaj, że jestem wegetarianinem.', { kind: 'remember', text: 'Jestem wegetarianinem.' }],
  ['ru', 'Запомни, что я вегетарианец.', { kind: 'remember', text: 'Я вегетарианец.' }],
  ['ru', 'Отныне называй меня Саша.', { kind: 'call-me', text: 'Просит называть себя Саша.' }],
  ['uk', "Запам'ятай, що я вегетаріанець.", { kind: 'remember', text: 'Я вегетаріанець.' }],
  ['tr', 'Şunu hatırla: vejetaryenim.', { kind: 'remember', text: 'Vejetaryenim.' }],
  ['tr', 'Bundan sonra bana Deniz de.', { kind: 'call-me', text: 'Kendisine Deniz denmesini istiyor.' }],
  ['zh', '记住我对花生过敏。', { kind: 'remember', text: '我对花生过敏。' }],
  ['zh', '从现在起叫我小王。', { kind: 'call-me', text: '希望被称为小王。' }],
  ['ja', '私は菜食主義者だということを覚えておいてください。', { kind: 'remember', text: '私は菜食主義者だ。' }],
  ['ja', 'これからはケンと呼んでください。', { kind: 'call-me', text: 'ケンと呼ばれたい。' }],
  ['ko', '나는 채식주의자라는 것을 기억해 줘.', { kind: 'remember', text: '나는 채식주의자.' }],
  ['ar', 'تذكر أنني نباتي.', { kind: 'remember', text: 'أنني نباتي.' }],
  ['hi', 'याद रखना कि मैं शाकाहारी हूँ।', { kind: 'remember', text: 'मैं शाकाहारी हूँ।' }],
  ['id', 'Ingat bahwa saya vegetarian.', { kind: 'remember', text: 'Saya vegetarian.' }],
  ['id', 'Mulai sekarang, panggil saya Budi.', { kind: 'call-me', text: 'Ingin dipanggil Budi.' }],
  ['vi', 'Hãy nhớ rằng tôi ăn chay.', { kind: 'remember', text: 'Tôi ăn chay.' }],
];

describe('explicit statements', () => {
  it.each(CASES)('%s: %s', (lang, message, expected) => {
    const found = findStatements(message);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ...expected, lang });
  });

  it('covers the major languages of the sanitizer lexicons', () => {
    const lexicon = new Set(LEXICONS.map((l) => l.lang));
    for (const lang of STATEMENT_LANGUAGES.filter((l) => l !== 'en')) expect(lexicon.has(lang), lang).toBe(true);
    for (const major of ['es', 'fr', 'de', 'pt', 'ru', 'zh', 'ja', 'ar', 'hi']) expect(STATEMENT_LANGUAGES).toContain(major);
  });

  it('leaves ordinary messages alone', () => {
    for (const message of [
      'Do you remember what we discussed?',
      'She told me to remember that the door sticks.',
      'I forgot my keys again',
      'Call me when you are done',
      'What is the capital of France?',
      'Ich habe vergessen, was ich sagen wollte.',
      '¿Recuerdas la receta?',
    ]) {
      expect(findStatements(message), message).toEqual([]);
    }
  });

  it('finds the statement among other sentences', () => {
    expect(findStatements('Remember that I work nights. What should I eat before a shift?')).toEqual([{ kind: 'remember', text: 'I work nights.', lang: 'en' }]);
  });

  it('matches a "forget" phrase against facts by words, not exact text', () => {
    expect(factMatches('Lives in Porto.', 'I live in Porto')).toBe(true);
    expect(factMatches('Lives in Lisbon.', 'I live in Porto')).toBe(false);
    expect(factMatches('I live in Porto.', 'I live in Porto')).toBe(true);
    expect(factMatches('Has a cat named Miso', 'the cat Miso')).toBe(true);
    expect(factMatches('Has a dog', 'the cat Miso')).toBe(false);
  });
});

describe('recognising "this model takes no tools"', () => {
  const err = (status: number, body: string) => new APICallError({ message: 'Bad Request', url: 'http://x/v1/chat/completions', requestBodyValues: {}, statusCode: status, responseBody: body });
  it.each([
    ['Ollama', 400, '{"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools","type":"api_error"}}'],
    ['Ollama native', 400, '{"error":"llama2 does not support tools"}'],
    ['LM Studio', 400, '{"error":"Model does not support tool use."}'],
    ['llama.cpp', 500, '{"error":{"code":500,"message":"tools param requires --jinja flag","type":"server_error"}}'],
    ['vLLM', 400, '{"object":"error","message":"\\"auto\\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set","type":"BadRequestError"}'],
    ['generic', 400, '{"error":{"message":"Function calling is not supported for this model"}}'],
  ])('%s', (_name, status, body) => {
    expect(noToolsReason(err(status, body))).toBeTruthy();
  });

  it.each([
    [400, '{"error":{"message":"context length exceeded"}}'],
    [401, '{"error":{"message":"invalid api key"}}'],
    [503, '{"error":{"message":"tools are not supported while the server is overloaded"}}'],
    [404, '{"error":{"message":"model not found"}}'],
  ])('not for %s %s', (status, body) => {
    expect(noToolsReason(err(status, body))).toBeNull();
  });

  it('reads tool support from Ollama and LM Studio model metadata', () => {
    expect(toolSupportFromMetadata({ capabilities: ['completion', 'tools'] })).toBe(true);
    expect(toolSupportFromMetadata({ capabilities: ['completion', 'vision'] })).toBe(false);
    expect(toolSupportFromMetadata({ id: 'qwen', capabilities: ['tool_use'] })).toBe(true);
    expect(toolSupportFromMetadata({ id: 'qwen' })).toBeNull();
    expect(toolSupportFromMetadata(null)).toBeNull();
  });
});
