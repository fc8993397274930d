import * as contract from '@rally/shared/conversations';
import { UPLOAD_IMAGE_TYPES } from '@rally/shared/files';
import { describe, expect, it } from 'vitest';
import * as limits from './limits';

describe('conversation limits', () => {
  it('agree with the API contract (@rally/shared/conversations)', () => {
    expect(limits.MESSAGE_EDIT_WINDOW_MS).toBe(contract.MESSAGE_EDIT_WINDOW_MINUTES * 60_000);
    expect(limits.MAX_MESSAGE_LENGTH).toBe(contract.MAX_MESSAGE_LENGTH);
    expect(limits.MAX_ATTACHMENTS_PER_MESSAGE).toBe(contract.MAX_ATTACHMENTS_PER_MESSAGE);
    expect(limits.MAX_ATTACHMENT_BYTES).toBe(contract.MAX_ATTACHMENT_BYTES);
    expect(limits.MESSAGE_PAGE_SIZE).toBe(contract.MESSAGE_PAGE_SIZE);
    expect([...limits.ATTACHMENT_TYPES].sort()).toEqual(
      [...UPLOAD_IMAGE_TYPES, 'application/pdf'].sort(),
    );
  });
});
