// Who may enroll API keys for a profile (interface.md 4.3: "owner or operator"; live validates the
// delegation on-chain). The local exchange keeps the registry itself: a profile's owner is the wallet
// of the same address; operators are registered by the demo seed and by tests.

export class Delegations {
  /** Operators by lower-case profile address. */
  private readonly operators = new Map<string, Set<string>>();

  addOperator(profile: string, operator: string): void {
    const p = profile.toLowerCase();
    let set = this.operators.get(p);
    if (!set) this.operators.set(p, (set = new Set()));
    set.add(operator.toLowerCase());
  }

  removeOperator(profile: string, operator: string): void {
    this.operators.get(profile.toLowerCase())?.delete(operator.toLowerCase());
  }

  /** True when `signer` owns `profile` or is one of its registered operators. */
  mayActFor(signer: string, profile: string): boolean {
    const s = signer.toLowerCase();
    const p = profile.toLowerCase();
    return s === p || (this.operators.get(p)?.has(s) ?? false);
  }
}
