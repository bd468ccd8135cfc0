/**
 * A small Server-Sent Events reader for tests: give it a Response (from app.request() or fetch()) and read the
 * frames as they arrive. Comments (": keep-alive") are skipped; a frame with no `event:` line is a 'message'.
 */
export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
  retry: number | undefined;
}

/** Parses complete frames out of `buffer`; returns them and whatever incomplete text is left over. */
export function parseSseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    let id: string | undefined;
    let event = 'message';
    let retry: number | undefined;
    const data: string[] = [];
    let hasField = false;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      hasField = true;
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry') retry = Number(value);
    }
    if (hasField) frames.push({ id, event, data: data.join('\n'), retry });
  }
  return { frames, rest };
}

export class SseClient {
  private readonly frames: SseFrame[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;
  private failure: unknown = null;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(readonly response: Response) {
    if (!response.body) throw new Error(`no stream body (status ${response.status})`);
    this.reader = response.body.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseSseFrames(buffer);
        buffer = parsed.rest;
        if (parsed.frames.length > 0) {
          this.frames.push(...parsed.frames);
          this.wake();
        }
      }
    } catch (error) {
      this.failure = error;
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The next frame, waiting up to timeoutMs for it. */
  async next(timeoutMs = 5_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.frames.shift();
      if (frame) return frame;
      if (this.ended) throw new Error('the event stream ended', { cause: this.failure ?? undefined });
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next `count` frames, in order. */
  async take(count: number, timeoutMs = 5_000): Promise<SseFrame[]> {
    const deadline = Date.now() + timeoutMs;
    const taken: SseFrame[] = [];
    while (taken.length < count) taken.push(await this.next(Math.max(1, deadline - Date.now())));
    return taken;
  }

  /** Skips frames until one matches, and returns it. */
  async nextMatching(predicate: (frame: SseFrame) => boolean, timeoutMs = 5_000): Promise<SseFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = await this.next(Math.max(1, deadline - Date.now()));
      if (predicate(frame)) return frame;
    }
  }

  /** Stops reading: the server sees the client go away. */
  async close() {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** The JSON payload of a data frame. */
export function eventData<T = { type: string }>(frame: SseFrame): T {
  return JSON.parse(frame.data) as T;
}
