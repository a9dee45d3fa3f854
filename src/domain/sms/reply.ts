/**
 * What a property owner's SMS reply to a notice says (spec 2 §4): yes (the item becomes Confirmed),
 * no (Rejected), or not understood (Unknown, for an admin to read). The notice asks for JA or NEI;
 * owners answer as people do: any case, spaces and punctuation, "Ja takk", "nei, beklager", "JA 4821",
 * an emoji. A reply is read as yes or no only when it says nothing else: a yes or no word, then at most
 * words of courtesy ("takk", "det passer fint"), the item's reply code and a signature ("mvh Kari").
 * "Ja, men kan dere komme etter 12?" asks something: Unknown, so no one is booked on a guess.
 *
 * When an owner has several open notices, each notice names a reply code (`replyCodeOf`) and the reply
 * carries it back ("JA 4821"); `code` is the digits found in the reply, matched by the server.
 */

export type ReplyAnswer = 'yes' | 'no' | 'unknown';

export interface ReadReply {
  answer: ReplyAnswer;
  /** The reply code the owner wrote (digits only), or null. */
  code: string | null;
}

/** Words that mean yes or no on their own (Norwegian bokmål and nynorsk, and English). */
const YES = new Set(['ja', 'jo', 'jepp', 'jada', 'javel', 'japp', 'yes', 'yep', 'ok', 'okay', 'oki', 'greit', 'bekreftet', 'bekrefter', 'stemmer']);
const NO = new Set(['nei', 'nope', 'no', 'avslår', 'avlys', 'avbestill', 'avbestiller']);
/** "Ja takk" is one word in many replies. */
const JOINED: Record<string, 'yes' | 'no'> = { jatakk: 'yes', neitakk: 'no', jadå: 'yes', yesplease: 'yes', nothanks: 'no' };

/** Words that add courtesy but no question or condition. */
const COURTESY = new Set([
  'takk', 'tusen', 'mange', 'hjertelig', 'det', 'den', 'passer', 'fint', 'bra', 'flott', 'supert', 'topp', 'gjerne', 'greit',
  'ok', 'okay', 'så', 'for', 'beskjed', 'påminnelsen', 'meldingen', 'dessverre', 'beklager', 'sorry', 'thanks', 'thank', 'you', 'please',
  'it', 'is', 'fine', 'that', 'works', 'sees', 'vi', 'ses', 'hilsen', 'mvh', 'vh', 'hilsener', 'bekreftet', 'bekrefter',
  'til', 'deg', 'dere', 'dokker',
]);
/** Signature openers: what follows them is a name. */
const SIGNATURE = new Set(['mvh', 'vh', 'hilsen', 'hilsener', 'regards', 'best']);
/** Words that turn a yes into something else (a question, a condition, another time). */
const DOUBT = new Set(['men', 'hvis', 'om', 'kan', 'kunne', 'annen', 'annet', 'andre', 'senere', 'tidligere', 'flytte', 'endre', 'but', 'if', 'can', 'could', 'another', 'later', 'ikke', 'not']);

const MAX_READ = 1600;
const MAX_WORDS = 30;

/** Lower case, letters, digits and single spaces: punctuation and emoji are left out. */
function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Reads an owner's reply: yes, no or unknown, and the reply code when there is one. */
export function readReply(text: string): ReadReply {
  // An SMS of ten parts at most is read; a reply of many words is a letter for a person to read.
  const all = words(text.slice(0, MAX_READ));
  if (all.length > MAX_WORDS) return { answer: 'unknown', code: null };
  const codes = all.filter((w) => /^\d{2,8}$/.test(w));
  const code = codes.length === 1 ? codes[0] : null;
  const rest = all.filter((w) => !/^\d+$/.test(w));
  if (!rest.length || codes.length > 1) return { answer: 'unknown', code };

  const first = rest[0];
  const answer: 'yes' | 'no' | null = JOINED[first] ?? (YES.has(first) ? 'yes' : NO.has(first) ? 'no' : null);
  if (!answer) return { answer: 'unknown', code };

  // Everything after the answer must be courtesy, or a signature and the name after it.
  for (let i = 1; i < rest.length; i++) {
    const w = rest[i];
    if (SIGNATURE.has(w)) break;
    const saysYes = YES.has(w) || JOINED[w] === 'yes';
    const saysNo = NO.has(w) || JOINED[w] === 'no';
    // "Ja ja" and "nei, nei" say it twice; a yes and a no in one reply ("ja nei") say neither.
    if (answer === 'yes' ? saysNo : saysYes && !COURTESY.has(w)) return { answer: 'unknown', code };
    if (answer === 'yes' ? saysYes : saysNo) continue;
    // "Nei, det passer ikke" is a no; "ja, men ikke før 12" is not a yes.
    if (answer === 'no' && (w === 'ikke' || w === 'not')) continue;
    if (DOUBT.has(w) || !COURTESY.has(w)) return { answer: 'unknown', code };
  }
  return { answer, code };
}

/**
 * The reply code of an item's notice: four digits from its id, the same every time it is asked, so a
 * reminder names the same code as the notice. Unique among one owner's open notices is enough; the
 * server falls back to the latest notice when a reply has no code, and calls a reply ambiguous when two
 * open notices share its code (server/services/smsReplies.ts matchReply).
 */
export function replyCodeOf(itemId: number): string {
  return String(1000 + (Math.abs(Math.imul(itemId, 2654435761)) % 9000));
}

/** The longest answer the demo phone takes (four SMS parts). */
export const DEMO_REPLY_MAX_LENGTH = 640;
