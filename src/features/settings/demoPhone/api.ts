/**
 * The embedded SMS gateway's demo phone (server: routes/demoPhone.ts; shapes and rules:
 * src/domain/schemas/demoPhone.ts). Online only: an office screen that tries the owners' side.
 */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { DemoPhoneMessage, DemoPhoneReplyBody, DemoPhoneReplyResult } from '../../../domain/schemas/demoPhone';

export function useDemoPhoneMessages() {
  // 404: the server sends through a real provider, and there is no demo phone.
  return useLiveRead(['demoPhoneMessages'], (signal) => apiFetch<DemoPhoneMessage[]>('/api/demoPhone/messages', { signal }), { silent404: true });
}

export function sendDemoReply(body: DemoPhoneReplyBody): Promise<DemoPhoneReplyResult> {
  return apiFetch<DemoPhoneReplyResult>('/api/demoPhone/reply', { method: 'POST', body });
}

/** The phone's conversations: one per number, the newest first, its messages oldest first. */
export interface Conversation {
  number: string;
  messages: DemoPhoneMessage[];
}

export function conversationsOf(messages: readonly DemoPhoneMessage[]): Conversation[] {
  const byNumber = new Map<string, DemoPhoneMessage[]>();
  for (const m of messages) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m]);
  return [...byNumber.entries()]
    .map(([number, list]) => ({ number, messages: [...list].sort((a, b) => a.at.localeCompare(b.at)) }))
    .sort((a, b) => b.messages[b.messages.length - 1].at.localeCompare(a.messages[a.messages.length - 1].at));
}
