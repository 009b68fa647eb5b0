// What `core.write` found in an identity file before saving it. Identity files are sent to the model
// word for word, so a save that holds a stored API key, something shaped like one, or a line that reads
// like an instruction to the assistant is refused with CONFIRM_REQUIRED and these warnings as details;
// the person (or a CLI / API caller) saves again with `confirm: true` to keep the text as it is.
import { z } from 'zod';

export const identityWarningKinds = ['stored-secret', 'secret-shaped', 'instruction'] as const;
export type IdentityWarningKind = (typeof identityWarningKinds)[number];

export const identityWarningSchema = z.object({
  kind: z.enum(identityWarningKinds),
  /** 1-based line of the saved text. */
  line: z.number().int().positive(),
  /** Last line, for an instruction that only shows across a wrapped paragraph (else = line). */
  endLine: z.number().int().positive(),
  /** What was found, in words ("a key kept in the secret store", the detector's reason). Never the secret. */
  what: z.string(),
  /** The last 4 characters of the secret, enough to tell which one it is; null for instructions or when unknown. */
  last4: z.string().max(4).nullable(),
});
export type IdentityWarning = z.infer<typeof identityWarningSchema>;

/** `details` of a CONFIRM_REQUIRED error from `core.write`. */
export const identityWarningDetailsSchema = z.object({
  warnings: z.array(identityWarningSchema),
  /** Warnings beyond the ones listed (a long file can hold many). */
  omitted: z.number().int().nonnegative(),
});
export type IdentityWarningDetails = z.infer<typeof identityWarningDetailsSchema>;
