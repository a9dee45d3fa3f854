/**
 * The small part of the SignalR JSON hub protocol this server speaks (version 1): text frames,
 * each message terminated by the record separator 0x1E.
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/** Splits a text frame into its messages; a frame may hold several. */
export function parseFrame(data: string): unknown[] {
  const out: unknown[] = [];
  for (const part of data.split(RECORD_SEPARATOR)) {
    if (!part) continue;
    out.push(JSON.parse(part));
  }
  return out;
}

export const PING = frame({ type: MessageType.Ping });
export const HANDSHAKE_OK = frame({});

export function closeMessage(error?: string, allowReconnect = true): string {
  return frame(error ? { type: MessageType.Close, error, allowReconnect } : { type: MessageType.Close, allowReconnect });
}

export function invocation(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}
