// An error's code, for someone reporting a problem: folded away behind "Details", so what a person
// reads first is the sentence that says what went wrong, not BAD_INPUT or INTERNAL.
export function ErrorCode({ code, className }: { code: string; className?: string }) {
  return (
    <details className={`error-code${className ? ` ${className}` : ''}`} data-testid="error-code">
      <summary>Details</summary>
      <span className="mono">Error code {code}</span>
    </details>
  );
}
