/**
 * The processes of one process group, read from /proc (Linux): a child spawned `detached` leads a group of
 * its own, which everything it starts joins unless it asks otherwise, so the group is the tree to check.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface GroupMember {
  readonly pid: number;
  readonly command: string;
}

export function processGroup(pgid: number): GroupMember[] {
  const members: GroupMember[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after its last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      members.push({ pid: Number(entry), command });
    } catch {
      // the process ended while we read
    }
  }
  return members;
}
