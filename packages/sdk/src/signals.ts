/**
 * An AbortController that also aborts when `parent` does; `dispose()` aborts it (cancelling whatever still
 * runs on it) and unhooks it from the parent.
 */
export function linkedController(parent: AbortSignal | undefined): {
  signal: AbortSignal;
  dispose: () => void;
} {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      parent?.removeEventListener("abort", onAbort);
      if (!controller.signal.aborted) controller.abort(new DOMException("no longer needed", "AbortError"));
    },
  };
}

export const ignore = (): void => {};
