/**
 * Which item an owner's SMS reply answers (server/services/smsReplies.ts matchReply): by its reply code
 * among the owner's items waiting for an answer; alone, the one open item; several without a code, the
 * newest as ambiguous; none open, noted on the latest; nothing sent to the number, unmatched. Two open
 * items whose ids give one code (four digits, so it happens) cannot be told apart by it: ambiguous, not
 * the first one's answer.
 */
import { describe, expect, it } from 'vitest';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import { replyCodeOf } from '../../src/domain/sms/reply';
import type { NoticeToNumber } from '../../server/repositories/sms';
import { matchReply } from '../../server/services/smsReplies';

const notice = (scheduleItemId: number, status: number): NoticeToNumber => ({
  messageId: `m-${scheduleItemId}`, scheduleItemId, companyId: 'c', status, sentAt: new Date('2026-12-01T08:00:00Z'),
});

/** Two item ids (from 1) whose reply codes are equal. */
function collidingIds(): [number, number] {
  const seen = new Map<string, number>();
  for (let id = 1; ; id += 1) {
    const code = replyCodeOf(id);
    const other = seen.get(code);
    if (other !== undefined) return [other, id];
    seen.set(code, id);
  }
}

describe('matching an SMS reply to its item', () => {
  it('takes the coded item, the only open one, or calls several uncoded ambiguous', () => {
    const [a, b] = [notice(101, S.Notified), notice(202, S.NoReply)];
    expect(matchReply([a, b], replyCodeOf(202))).toEqual({ target: b, outcome: 'applied' });
    expect(matchReply([a, notice(303, S.Confirmed)], null)).toEqual({ target: a, outcome: 'applied' });
    expect(matchReply([a, b], null)).toEqual({ target: a, outcome: 'ambiguous' });
    // A code of no open item: as if there were none.
    expect(matchReply([a, b], '0000')).toEqual({ target: a, outcome: 'ambiguous' });
  });

  it('notes a late answer and leaves a stranger\'s unmatched', () => {
    const done = notice(404, S.JobCreated);
    expect(matchReply([done], null)).toEqual({ target: done, outcome: 'noted' });
    expect(matchReply([], 'JA')).toEqual({ target: null, outcome: 'unmatched' });
  });

  it('two open items sharing a code are ambiguous, whichever the code names', () => {
    const [x, y] = collidingIds();
    expect(replyCodeOf(x)).toBe(replyCodeOf(y));
    const [nx, ny] = [notice(x, S.Notified), notice(y, S.Notified)];
    expect(matchReply([ny, nx], replyCodeOf(x))).toEqual({ target: ny, outcome: 'ambiguous' });
    // Only one of them still open: the code picks it.
    expect(matchReply([notice(y, S.Confirmed), nx], replyCodeOf(x))).toEqual({ target: nx, outcome: 'applied' });
  });
});
