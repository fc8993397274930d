import { beforeAll } from 'vitest';
import { forgetSentCodes } from './browser.ts';

// Vitest setup file of the e2e project: every sign-in of the suite comes
// from 127.0.0.1, so the per-IP limit (`PHONE_CODE.perIpPerHour`, 30 an
// hour, DESIGN.md §3) would refuse codes once the whole suite has signed in
// 30 times. Each file starts as if it ran alone: with no codes sent.
beforeAll(() => forgetSentCodes());
