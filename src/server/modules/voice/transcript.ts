/**
 * A call's transcript is kept to a bounded size: a test call's grows with every turn and a phone call's arrives
 * whole from the provider, and either is read back on the call's page. A longer one keeps its beginning (the
 * greeting and what was asked first) and its end (what was ordered and how the call ended), with a marker where
 * the middle was cut.
 */
export const MAX_TRANSCRIPT_BYTES = 64 * 1024;

/** How much of the beginning a cut transcript keeps; the end gets the rest. */
const HEAD_BYTES = 16 * 1024;

/** Stands on its own line where the middle of a transcript was cut. */
export const TRANSCRIPT_CUT_MARKER =
  '[… The middle of this call is left out: the transcript was too long to keep whole …]';

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');
const isContinuationByte = (byte: number) => (byte & 0xc0) === 0x80;

/** The longest beginning within `maxBytes` (never half a character), ending at a line break when one is near. */
function leadingPart(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && isContinuationByte(bytes[end]!)) end--;
  const part = bytes.subarray(0, end).toString('utf8');
  const lineEnd = part.lastIndexOf('\n');
  return lineEnd > part.length / 2 ? part.slice(0, lineEnd) : part;
}

/** The longest end within `maxBytes` (never half a character), starting on a new line when one is near. */
function trailingPart(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let start = bytes.length - maxBytes;
  while (start < bytes.length && isContinuationByte(bytes[start]!)) start++;
  const part = bytes.subarray(start).toString('utf8');
  const lineStart = part.indexOf('\n');
  return lineStart !== -1 && lineStart < part.length / 2 ? part.slice(lineStart + 1) : part;
}

/**
 * The transcript within MAX_TRANSCRIPT_BYTES: as it is when it fits, else its beginning, the cut marker and its end.
 * Cutting again keeps the same beginning and one marker, so a transcript that grows turn by turn stays readable.
 */
export function capTranscript(transcript: string): string;
export function capTranscript(transcript: string | null): string | null;
export function capTranscript(transcript: string | null): string | null {
  if (transcript === null || byteLength(transcript) <= MAX_TRANSCRIPT_BYTES) return transcript;
  const marker = transcript.indexOf(TRANSCRIPT_CUT_MARKER);
  const head = leadingPart(marker === -1 ? transcript : transcript.slice(0, marker).replace(/\n$/, ''), HEAD_BYTES);
  const rest =
    marker === -1
      ? transcript.slice(head.length)
      : transcript.slice(marker + TRANSCRIPT_CUT_MARKER.length).replace(/^\n/, '');
  const room = MAX_TRANSCRIPT_BYTES - byteLength(head) - byteLength(TRANSCRIPT_CUT_MARKER) - 2;
  return `${head}\n${TRANSCRIPT_CUT_MARKER}\n${trailingPart(rest.replace(/^\n/, ''), room)}`;
}

/** The transcript with more lines at its end, within MAX_TRANSCRIPT_BYTES. */
export function appendToTranscript(transcript: string | null, lines: string[]): string {
  return capTranscript([transcript, ...lines].filter(Boolean).join('\n'));
}
