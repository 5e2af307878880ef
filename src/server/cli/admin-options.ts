import { InvalidArgumentError } from 'commander';
import { adminCliText } from '../../shared/messages.js';

/** `--trending <true|false>` and the like: oui/non, yes/no, 1/0 as well. */
export function yesOrNo(name: string): (value: string) => boolean {
  return (value) => {
    const normalized = value.toLowerCase();
    if (['true', 'oui', 'yes', '1'].includes(normalized)) return true;
    if (['false', 'non', 'no', '0'].includes(normalized)) return false;
    throw new InvalidArgumentError(adminCliText.expectsBoolean(name, value));
  };
}
