/**
 * A bounded memo of a pure keyed computation (an HMAC of an address or an identity): a vote asks for the same
 * value in its challenge request, its vote request and its burst signal, so each is computed once instead of
 * three times. Entries are never stale (the key holds every input, the day's key included); past `max` entries
 * the memo starts again empty, so memory stays bounded under a flood of new keys.
 */
export class Memo<V> {
  private entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string, compute: () => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.entries.size >= this.max) this.entries = new Map();
    this.entries.set(key, value);
    return value;
  }
}
