// How a user message's text reached Monad: typed, pasted (the composer says so), or forwarded (the text
// itself carries the headers of a forwarded email or the timestamps of a chat export). Text that came
// from elsewhere may carry someone else's words; facts recorded from it are marked in recall.
import type { MessageOrigin } from '../../shared/domain';

/** Forwarding banners as mail clients write them, in the languages they ship in. */
const BANNERS = [
  /-{2,}\s*forwarded message\s*-{2,}/i,
  /\bbegin forwarded message\b/i,
  /-{2,}\s*original message\s*-{2,}/i,
  /^\s*(?:subject\s*:\s*)?fwd?\s*:\s*\S/im, // subject prefixes: Fwd:, FW:, and their local forms below
  /^\s*(?:TR|WG|RV|ENC|Doorst|VB)\s*:\s*\S/m,
  /weitergeleitete nachricht|ursprüngliche nachricht|anfang der weitergeleiteten (?:nachricht|e-mail)/i,
  /message transféré|début du message (?:réexpédié|transféré)|message d['’]origine/i,
  /mensaje reenviado|mensaje original|inicio del mensaje reenviado/i,
  /mensagem encaminhada|mensagem original|início da mensagem reencaminhada/i,
  /messaggio inoltrato|messaggio originale|inizio messaggio inoltrato/i,
  /doorgestuurd bericht|oorspronkelijk bericht|begin doorgestuurd bericht/i,
  /пересылаемое сообщение|пересланное сообщение|исходное сообщение|начало переадресованного сообщения/i,
  /przekazana wiadomość|wiadomość przekazana dalej|oryginalna wiadomość/i,
  /přeposlaná zpráva|původní zpráva/i,
  /vidarebefordrat meddelande|ursprungligt meddelande|videresendt (?:melding|meddelelse)|opprinnelig melding|oprindelig meddelelse/i,
  /välitetty viesti|alkuperäinen viesti/i,
  /i̇letilen (?:ileti|mesaj)|özgün i̇leti|iletilen ileti|özgün ileti/i,
  /προωθημένο μήνυμα|αρχικό μήνυμα/i,
  /転送メッセージ|転送されたメッセージ|元のメッセージ/,
  /转发的邮件|转发邮件|原始邮件|轉寄郵件|轉寄的郵件|原始郵件/,
  /전달된 메시지|원본 메시지|전달 메시지/,
  /رسالة (?:معاد توجيهها|مُعاد توجيهها|محولة)|الرسالة الأصلية/,
  /הודעה שהועברה|הודעה מקורית/,
  /अग्रेषित संदेश|मूल संदेश/,
  /tin nhắn được chuyển tiếp|thư gốc/i,
  /pesan yang diteruskan|pesan asli/i,
];

/** Header names of a quoted mail header block, by language: sender, recipient, date/sent, subject, cc. */
const HEADER_KEYS = [
  'from', 'to', 'sent', 'date', 'subject', 'cc', 'reply-to',
  'von', 'an', 'gesendet', 'datum', 'betreff',
  'de', 'à', 'a', 'envoyé', 'objet', 'para', 'enviado', 'enviada', 'asunto', 'fecha', 'assunto', 'data',
  'da', 'inviato', 'oggetto', 'van', 'aan', 'verzonden', 'onderwerp',
  'от', 'кому', 'отправлено', 'дата', 'тема', 'od', 'do', 'wysłano', 'temat', 'komu', 'odesláno', 'předmět',
  'från', 'till', 'skickat', 'ämne', 'fra', 'til', 'sendt', 'emne', 'lähettäjä', 'vastaanottaja', 'lähetetty', 'aihe',
  'kimden', 'kime', 'gönderildi', 'konu', 'tarih', 'από', 'προς', 'θέμα', 'ημερομηνία',
  '差出人', '宛先', '送信日時', '件名', '日付', '发件人', '收件人', '发送时间', '主题', '日期', '寄件者', '收件者', '主旨',
  '보낸 사람', '받는 사람', '보낸 날짜', '제목', '날짜', 'من', 'إلى', 'أرسلت', 'الموضوع', 'التاريخ', 'מאת', 'אל', 'נשלח', 'נושא',
  'प्रेषक', 'को', 'विषय', 'दिनांक', 'từ', 'đến', 'đã gửi', 'chủ đề', 'dari', 'kepada', 'terkirim', 'perihal', 'subjek',
];
const HEADER_LINE = new RegExp(`^\\s*(?:>\\s*)*\\**(${HEADER_KEYS.join('|')})\\**\\s*[:：]\\s*\\S`, 'iu');

/** Lines of a chat export: a date and/or time stamp, then a name and a colon (WhatsApp, Telegram, Signal, Slack…). */
const CHAT_EXPORT_LINES = [
  /^\s*\[?\d{1,4}[./-]\d{1,2}[./-]\d{1,4},?\s+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?\]?\s*(?:[-–—]\s*)?[^:\n]{1,60}:\s/,
  /^\s*\[\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]\s*[^:\n]{1,60}:\s/,
  /^\s*[^\n,[]{1,60},\s*\[\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s+\d{1,2}:\d{2}(?::\d{2})?\]/,
];

/** True when the text carries the marks of a forwarded message or a pasted chat export. */
export function looksForwarded(text: string): boolean {
  if (BANNERS.some((re) => re.test(text))) return true;
  const lines = text.split(/\r\n|[\r\n\u2028\u2029]/).slice(0, 2000);
  // A header block: three or more distinct header names within eight lines (From/To/Subject…).
  for (let i = 0; i < lines.length; i++) {
    const keys = new Set<string>();
    for (let j = i; j < Math.min(lines.length, i + 8); j++) {
      const m = HEADER_LINE.exec(lines[j]);
      if (m) keys.add(m[1].toLowerCase());
    }
    if (keys.size >= 3) return true;
  }
  // A chat export: two or more stamped lines.
  let stamped = 0;
  for (const line of lines) if (CHAT_EXPORT_LINES.some((re) => re.test(line)) && ++stamped >= 2) return true;
  return false;
}

/** The origin stored with a user message. Forwarded wins over pasted: it says more about whose words these are. */
export function classifyMessageOrigin(text: string, pasted: boolean): MessageOrigin {
  if (looksForwarded(text)) return 'forwarded';
  return pasted ? 'pasted' : 'typed';
}
