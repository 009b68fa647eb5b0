// Set-aside numbers across devices (issue 30 §2). The message store groups the messages an edit set aside
// under a number it picks per chat (max + 1), and a switch brings back exactly that group. Two devices
// apart can pick the same number for different groups; synced as numbers, those branches would then switch
// together. So a group travels as `<device>:<number>` — unique — and each device maps every group to a number
// of its own, remembered between syncs: its own groups keep their numbers, another device's get fresh ones.
import type { KindMemory } from './sync-kind';

export class ChatMarks {
  private readonly byGroup: Record<string, number>;

  constructor(
    private readonly memory: KindMemory,
    private readonly device: string,
    /** Every number this chat already uses here (a new group's number must be none of them). */
    used: Iterable<number>,
  ) {
    this.byGroup = JSON.parse(memory.get('groups') ?? '{}') as Record<string, number>;
    this.max = Math.max(0, ...used, ...Object.values(this.byGroup));
  }

  private max: number;

  /** The group of a set-aside number here (null: on the path shown). */
  groupOf(mark: number): string | null {
    if (mark === 0) return null;
    const known = Object.entries(this.byGroup).find(([, n]) => n === mark);
    if (known) return known[0];
    const group = `${this.device}:${mark}`;
    this.byGroup[group] = mark;
    this.max = Math.max(this.max, mark);
    return group;
  }

  /** This device's number for a group (0: on the path shown), made when the group is new here. */
  markOf(group: string | null): number {
    if (group === null) return 0;
    if (this.byGroup[group] === undefined) this.byGroup[group] = ++this.max;
    return this.byGroup[group];
  }

  save(): void {
    this.memory.set('groups', JSON.stringify(this.byGroup));
  }
}
