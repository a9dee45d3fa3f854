/** One page replay on loopback (or REPLAY_UPLINK bytes/s): `npx tsx bench/replayOnce.ts`, for finding where it goes. */
import { benchPageReplay, formatPageReplayBench } from './pageReplay';

const uplink = process.env.REPLAY_UPLINK ? Number(process.env.REPLAY_UPLINK) : undefined;
benchPageReplay({ uplinkBytesPerSecond: uplink }).then((b) => {
  console.log(formatPageReplayBench(b));
  process.exit(0);
}, (e) => {
  console.error(e);
  process.exit(1);
});
