/**
 * Test-only: a stand-in for a `Worker` the page starts (the time-sequence worker, the simulation
 * worker). It keeps every message the page posts (`sent`), in order; a test answers as the worker
 * would (`answer`), crashes it (`crash`) and sees whether the page terminated it (`terminated`).
 * `In` is what the page sends, `Out` what the worker answers.
 */
export class FakeWorker<In, Out> {
  onmessage: ((ev: MessageEvent<Out>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  sent: In[] = [];
  terminated = false;

  postMessage(msg: In): void {
    this.sent.push(msg);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The worker answers `msg`. */
  answer(msg: Out): void {
    this.onmessage?.({ data: msg } as MessageEvent<Out>);
  }

  /** The worker throws (an uncaught error: what the page's `onerror` hears). */
  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}
