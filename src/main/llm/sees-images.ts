// Whether a chat model can see images (issue 29 §1): an image attached for a model that cannot would be
// dropped by some servers and refused by others, after the person already sent it. Providers do not say
// it in a way Monad can ask beforehand (OpenAI's and Anthropic's model lists carry no such field), so it
// is read from the model's name: the families that take images, as their makers name them. A model not
// recognised counts as text-only, and the refusal says how to go on (remove the image or choose a model
// that sees), so a wrong guess costs the person one clear message, never a silently ignored image.
import type { ProviderKind } from '../../shared/config';

/** Names of models that take images, on any provider (a local server may serve a hosted family's model). */
const VISION_FAMILIES: RegExp[] = [
  /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|chatgpt-4o|(^|[/:])(o1(?!-mini|-preview)|o3(?!-mini)|o4)/i,
  /claude-(3|sonnet-4|opus-4|haiku-4|[a-z]+-4)|claude-.*-4-/i,
  /gemini|gemma-?3(?![:-]1b)|gemma-?4/i,
  /llava|bakllava|moondream|minicpm-?v|llama-?3\.2-?vision|llama-?4|pixtral|mistral-small-?3\.[12]|mistral-medium|granite.*vision|internvl|qwen-?vl|qwen2(\.5)?-?vl|qwen3-?vl|glm-?4\.?5?v|phi-?[34](\.5)?-?vision|smolvlm|idefics|\bvision\b|-vl\b|-vlm?\b/i,
];

export function seesImages(kind: ProviderKind, model: string): boolean {
  void kind; // the name decides on every provider kind: an OpenAI-compatible proxy may serve any family
  return VISION_FAMILIES.some((re) => re.test(model));
}
