// What the engine writes in a reply's `error` when the reply did not end normally. The text is stored
// with the message (and exported with it), so it is readable on its own; the renderer reads the marks
// to show a quiet tag instead of a failure.

/** The person stopped the reply: what had arrived stays, tagged with exactly this. */
export const STOPPED_MARK = 'Stopped';

/** The connection dropped mid-reply: what had arrived stays, and the error says why after this prefix. */
export const CUT_OFF_PREFIX = 'Cut off: ';

export function cutOffMark(reason: string): string {
  return `${CUT_OFF_PREFIX}${reason}`;
}

/** The reason of a cut-off reply, or null when the error is not a cut-off mark. */
export function cutOffReason(error: string | null | undefined): string | null {
  return error?.startsWith(CUT_OFF_PREFIX) ? error.slice(CUT_OFF_PREFIX.length) : null;
}
