import { PROTECTION_MESSAGES } from '../../shared/messages.js';
import { ApiError } from './api-client.js';

type Refusal = keyof typeof PROTECTION_MESSAGES;

/** Whether the server refused a request for this reason of the vote protection (recognised by its exact French text). */
export function isProtectionRefusal(error: unknown, reason: Refusal): boolean {
  return error instanceof ApiError && error.message === PROTECTION_MESSAGES[reason];
}
