import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { addAttachmentFailureText, attachmentDownloadUrl } from './add-attachment-to-documents';

const serverError = (status: number, code: string, message: string) =>
  new ApiError({ status, code, message, isFromServer: true, requestId: 'req-1' });

describe('adding an attachment to the fund documents', () => {
  it('downloads from the message’s attachment address', () => {
    expect(attachmentDownloadUrl('m 1', 'a/2')).toBe('/api/messages/m%201/attachments/a%2F2');
  });

  it('shows the server’s text for a known code', () => {
    expect(addAttachmentFailureText(serverError(404, 'NOT_FOUND', 'Not found.'))).toBe('Not found.');
  });

  it('explains a conflict and a missing fund in words when the code is not in the catalogue', () => {
    expect(addAttachmentFailureText(serverError(409, 'ATTACHMENT_ALREADY_ADDED_X', 'x'))).toBe(
      'This attachment is already in the fund’s documents (reference req-1).',
    );
    expect(addAttachmentFailureText(serverError(422, 'MESSAGE_NEEDS_FUND_X', 'x'))).toMatch(
      /^Choose the fund of this message first/,
    );
  });

  it('says the message needs its fund first when the server finds none to add the document to', () => {
    expect(
      addAttachmentFailureText(serverError(422, 'FUND_NOT_AVAILABLE', 'Choose one of your funds.')),
    ).toMatch(/^Choose the fund of this message first/);
  });

  it('falls back to a sentence of its own when the server could not be reached', () => {
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x', isFromServer: false });
    expect(addAttachmentFailureText(offline)).toBe(
      'The attachment could not be added to the fund’s documents.',
    );
  });
});
