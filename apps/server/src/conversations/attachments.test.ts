import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, messageAttachmentSchema } from '@rally/shared/conversations';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/harness.ts';
import { multipartBody, pngOfSize, TINY_PNG } from '../../test/uploads.ts';
import { enrolFamily } from '../attendance/test-fixtures.ts';
import { MAX_UNSENT_ATTACHMENTS } from './attachments.service.ts';
import {
  addCoach,
  createChatClub,
  familyThread,
  newKey,
  sendMessage,
  staffThread,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small but real PDF (file-type detects it by its `%PDF-` header). */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

function upload(user: TestUser, threadUrl: string, fileName: string, bytes: Buffer) {
  const { payload, headers } = multipartBody({ fileName, bytes, contentType: 'image/png' });
  return t.request({
    method: 'POST',
    url: `${threadUrl}/attachments`,
    token: user.token,
    headers,
    payload,
  });
}

async function uploaded(user: TestUser, threadUrl: string, fileName: string, bytes: Buffer) {
  const res = await upload(user, threadUrl, fileName, bytes);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().attachment as { fileId: string; url: string };
}

/** Every file the store holds, as paths relative to its root. */
function storedFiles(): string[] {
  const root = t.fileStore.root;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

describe('attachments', () => {
  it('uploads an image or a PDF to the thread, sends it, and both sides download it; others get 404', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const otherProgram = await t.req(coach, 'POST', `/api/orgs/${orgId}/programs`, {
      name: 'U14 Cricket',
      timeZone: 'Asia/Kolkata',
    });
    const otherCoach = await addCoach(t, coach, orgId, otherProgram.json().program.id, 'Coach Ira');
    const stranger = await signUp(t, 'Stranger');
    const familyUrl = familyThread(asha.childId, programId);

    // The first upload of a family makes the thread.
    const photo = await upload(asha.parent, familyUrl, 'knee.png', TINY_PNG);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(
      messageAttachmentSchema.strict().safeParse(photo.json().attachment).error,
    ).toBeUndefined();
    expect(photo.json().attachment).toMatchObject({
      contentType: 'image/png',
      sizeBytes: TINY_PNG.length,
      fileName: 'knee.png',
    });
    // The name as uploaded, with the extension of the real type; any script.
    const pdf = await upload(asha.parent, familyUrl, 'Übungsplan  U12.PDF', TINY_PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().attachment).toMatchObject({
      contentType: 'application/pdf',
      fileName: 'Übungsplan U12.pdf',
    });

    const ids = [photo.json().attachment.fileId, pdf.json().attachment.fileId];
    const res = await sendMessage(t, asha.parent, familyUrl, '', { attachmentIds: ids });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message.attachments.map((a: { fileId: string }) => a.fileId)).toEqual(ids);
    expect(res.json().message.attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'knee.png',
      'Übungsplan U12.pdf',
    ]);

    const thread = await t.req(coach, 'GET', staffThread(programId, asha.childId));
    expect(thread.json().messages[0].attachments).toHaveLength(2);
    expect(thread.json().summary.lastMessage).toMatchObject({ body: '', hasAttachments: true });

    for (const user of [coach, asha.parent]) {
      const image = await t.req(user, 'GET', `/api/files/${ids[0]}`);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
      expect(image.headers['content-disposition']).toBe('inline; filename=knee.png');
      const doc = await t.req(user, 'GET', `/api/files/${ids[1]}`);
      expect(doc.headers['content-type']).toBe('application/pdf');
      // RFC 6266: an ASCII fallback, and the exact name in UTF-8 (RFC 8187).
      expect(doc.headers['content-disposition']).toBe(
        `attachment; filename="?bungsplan U12.pdf"; filename*=UTF-8''%C3%9Cbungsplan%20U12.pdf`,
      );
    }
    for (const user of [bea.parent, otherCoach, stranger]) {
      const res = await t.req(user, 'GET', `/api/files/${ids[0]}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses other types with 400 and files over 10 MB with 413; exactly 10 MB is fine', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    const text = await upload(coach, url, 'notes.png', Buffer.from('just some text, not an image'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'file' }] });
    expect(text.json().detail).toBe('Attach a photo (JPEG, PNG, WebP or GIF) or a PDF.');
    const svg = await upload(
      coach,
      url,
      'x.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(svg.statusCode).toBe(400);

    const before = storedFiles().length;
    const tooBig = await upload(coach, url, 'big.png', pngOfSize(MAX_ATTACHMENT_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('The file is larger than 10 MB.');
    expect(storedFiles()).toHaveLength(before);
    const exact = await upload(coach, url, 'big.png', pngOfSize(MAX_ATTACHMENT_BYTES));
    expect(exact.statusCode, exact.body.slice(0, 200)).toBe(201);

    const none = await t.req(coach, 'POST', `${url}/attachments`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Send the file as multipart/form-data in the field "file".');
  });

  it('refuses to send a file of another conversation, someone else’s upload, or one already sent', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const ravi = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const ashaUrl = staffThread(programId, asha.childId);
    const beaFile = await uploaded(coach, staffThread(programId, bea.childId), 'a.png', TINY_PNG);
    const wrongThread = await sendMessage(t, coach, ashaUrl, 'Look', {
      attachmentIds: [beaFile.fileId],
    });
    expect(wrongThread.statusCode).toBe(400);
    expect(wrongThread.json().errors[0].path).toBe('attachmentIds');

    const ravisFile = await uploaded(ravi, ashaUrl, 'b.png', TINY_PNG);
    const notMine = await sendMessage(t, coach, ashaUrl, 'Look', {
      attachmentIds: [ravisFile.fileId],
    });
    expect(notMine.statusCode).toBe(400);

    const mine = await uploaded(coach, ashaUrl, 'c.png', TINY_PNG);
    const first = await sendMessage(t, coach, ashaUrl, 'One', { attachmentIds: [mine.fileId] });
    expect(first.statusCode).toBe(201);
    const again = await sendMessage(t, coach, ashaUrl, 'Two', { attachmentIds: [mine.fileId] });
    expect(again.statusCode).toBe(400);
    // Nothing of the refused sends was stored.
    const thread = await t.req(coach, 'GET', ashaUrl);
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual(['One']);
  });

  it('an upload needs the same access as writing: other families 404, before reading the file', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const res = await upload(bea.parent, familyThread(asha.childId, programId), 'x.png', TINY_PNG);
    expect(res.statusCode).toBe(404);
    const staffSide = await upload(
      bea.parent,
      staffThread(programId, asha.childId),
      'x.png',
      TINY_PNG,
    );
    expect(staffSide.statusCode).toBe(404);
  });

  it(`refuses an upload beyond ${MAX_UNSENT_ATTACHMENTS} waiting to be sent (429, when room comes back); sending frees room`, async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = familyThread(asha.childId, programId);
    const waiting = [];
    for (let i = 0; i < MAX_UNSENT_ATTACHMENTS; i += 1) {
      waiting.push(await uploaded(asha.parent, url, `photo-${i}.png`, TINY_PNG));
      t.clock.advance(1000);
    }
    const refused = await upload(asha.parent, url, 'one-more.png', TINY_PNG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'too_many_requests',
      detail: `You have ${MAX_UNSENT_ATTACHMENTS} attachments waiting to be sent. Send your message first.`,
    });
    // Room comes back when the oldest ages out, a day after it was uploaded.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 3600 - MAX_UNSENT_ATTACHMENTS - 5);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The coach is not held back by the family's uploads.
    expect(
      (await upload(coach, staffThread(programId, asha.childId), 'c.png', TINY_PNG)).statusCode,
    ).toBe(201);

    const sent = await sendMessage(t, asha.parent, url, 'Photos from Sunday', {
      attachmentIds: waiting.slice(0, 5).map((a) => a.fileId),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await upload(asha.parent, url, 'one-more.png', TINY_PNG)).statusCode).toBe(201);
  });

  it('deleting a message removes its files; uploads never sent go after a day', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    const kept = await uploaded(coach, url, 'kept.png', TINY_PNG);
    const removed = await uploaded(coach, url, 'removed.png', TINY_PNG);
    const unsent = await uploaded(coach, url, 'unsent.png', TINY_PNG);
    await sendMessage(t, coach, url, 'Kept', { attachmentIds: [kept.fileId] });
    const gone = await sendMessage(t, coach, url, 'Oops', { attachmentIds: [removed.fileId] });
    const del = await t.req(coach, 'DELETE', `${url}/messages/${gone.json().message.id}`);
    expect(del.json().message.attachments).toEqual([]);
    expect((await t.req(coach, 'GET', removed.url)).statusCode).toBe(404);

    // Not yet a day old: the sweep keeps it (it may still be sent).
    await t.services.attachments.sweepUnused();
    expect((await t.req(coach, 'GET', unsent.url)).statusCode).toBe(200);
    t.clock.advance(25 * 60 * 60 * 1000);
    const before = storedFiles().length;
    expect(await t.services.attachments.sweepUnused()).toBeGreaterThanOrEqual(1);
    expect((await t.req(coach, 'GET', unsent.url)).statusCode).toBe(404);
    expect(storedFiles().length).toBeLessThan(before);
    expect((await t.req(asha.parent, 'GET', kept.url)).statusCode).toBe(200);
    const late = await sendMessage(t, coach, url, 'Late', {
      attachmentIds: [unsent.fileId],
      clientMessageId: newKey(),
    });
    expect(late.statusCode).toBe(400);
  });

  it('deleting a profile, or the org, removes its conversations’ attachment bytes', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const keyOf = (fileId: string) => path.join('message-attachment', fileId);
    const sendFile = async (user: TestUser, url: string, name: string) => {
      const file = await uploaded(user, url, name, TINY_PDF);
      const res = await sendMessage(t, user, url, '', { attachmentIds: [file.fileId] });
      expect(res.statusCode, res.body).toBe(201);
      return keyOf(file.fileId);
    };
    const ashas = [
      await sendFile(asha.parent, familyThread(asha.childId, programId), 'form.pdf'),
      await sendFile(coach, staffThread(programId, asha.childId), 'reply.pdf'),
    ];
    const beas = await sendFile(coach, staffThread(programId, bea.childId), 'kit.pdf');
    expect(storedFiles()).toEqual(expect.arrayContaining([...ashas, beas]));

    // A profile goes once its enrolment has ended; its threads' files go with it.
    const subscription = `/api/programs/${programId}/subscriptions/${asha.subscriptionId}`;
    await t.req(coach, 'POST', `${subscription}/transitions`, { action: 'cancel' });
    const removed = await t.req(asha.parent, 'DELETE', `/api/profiles/${asha.childId}`, {
      confirmName: 'Asha',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    for (const key of ashas) expect(storedFiles()).not.toContain(key);
    expect(storedFiles()).toContain(beas);

    // The org takes every file of its programs' conversations with it.
    const gone = await t.req(coach, 'DELETE', `/api/orgs/${orgId}`, { confirmName: 'Rally Club' });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(storedFiles()).not.toContain(beas);
  });
});
