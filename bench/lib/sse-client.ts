import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One dispatched Server-Sent Event. */
export interface SseFrame {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * Incremental text/event-stream parser (the WHATWG rules we need: data/event/id fields, comments, CRLF or LF).
 * Feed it decoded chunks as they arrive; it calls onFrame for each complete event.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private id: string | undefined;
  private data: string[] = [];

  constructor(private readonly onFrame: (frame: SseFrame) => void) {}

  push(chunk: string) {
    this.buffer += chunk;
    let start = 0;
    for (;;) {
      const newline = this.buffer.indexOf('\n', start);
      if (newline === -1) break;
      const end = newline > start && this.buffer.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      this.line(this.buffer.slice(start, end));
      start = newline + 1;
    }
    this.buffer = start === 0 ? this.buffer : this.buffer.slice(start);
  }

  private line(line: string) {
    if (line === '') {
      if (this.data.length > 0 || this.event) {
        this.onFrame({ event: this.event || 'message', id: this.id, data: this.data.join('\n') });
      }
      this.event = '';
      this.data = [];
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' comment */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
  }
}

/** Called for every event after 'ready'; arrivedAt is performance.now() when the chunk that completed it arrived. */
export type FrameHandler = (connection: number, frame: SseFrame, arrivedAt: number) => void;

export interface SseStreams {
  readonly count: number;
  /** Problems after the streams were up (a stream ended or failed); empty in a good run. */
  readonly errors: string[];
  close(): void;
}

export interface OpenStreamsOptions {
  url: string;
  count: number;
  headers?: Record<string, string>;
  onFrame: FrameHandler;
  /** How long all streams together may take to deliver their 'ready' event. */
  readyTimeoutMs?: number;
}

/**
 * Opens `count` SSE streams (one socket each, like separate browsers) and resolves once every one of them has
 * received its initial `ready` event. Frames after that go to onFrame.
 */
export async function openSseStreams({
  url,
  count,
  headers = {},
  onFrame,
  readyTimeoutMs = 30_000,
}: OpenStreamsOptions): Promise<SseStreams> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const errors: string[] = [];
  let closing = false;

  const openOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      let ready = false;
      const fail = (message: string) => {
        if (!ready) reject(new Error(`SSE stream ${index}: ${message}`));
        else if (!closing) errors.push(`SSE stream ${index}: ${message}`);
      };
      const request = http.get(url, { agent, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          fail(`HTTP ${response.statusCode ?? '?'}`);
          return;
        }
        response.setEncoding('utf8');
        let arrivedAt = 0;
        const parser = new SseParser((frame) => {
          if (!ready) {
            if (frame.event === 'ready') {
              ready = true;
              resolve();
            }
            return;
          }
          onFrame(index, frame, arrivedAt);
        });
        response.on('data', (chunk: string) => {
          arrivedAt = performance.now();
          parser.push(chunk);
        });
        response.on('end', () => fail('stream ended'));
        response.on('error', (error) => fail(error.message));
      });
      request.on('error', (error) => fail(error.message));
      requests.push(request);
    });

  const close = () => {
    closing = true;
    for (const request of requests) request.destroy();
    agent.destroy();
  };

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`SSE streams not ready within ${readyTimeoutMs} ms`)), readyTimeoutMs);
  });
  try {
    await Promise.race([Promise.all(Array.from({ length: count }, (_, i) => openOne(i))), timeout]);
  } catch (error) {
    close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { count, errors, close };
}
