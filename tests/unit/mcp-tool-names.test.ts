// Names of MCP tools in the chat: valid for every provider, unique, never Monad's own, stable across turns.
import { describe, expect, it } from 'vitest';
import { assignToolNames } from '../../src/main/mcp-client/tool-names';
import { restartDelay, DEFAULT_RESTART } from '../../src/main/mcp-client/connection';

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

describe('assignToolNames', () => {
  it('prefixes the server id, keeps plain names readable, and never yields a name Monad already uses', () => {
    const names = assignToolNames(
      [
        { serverId: 'files', tool: 'read_file' },
        { serverId: 'evil', tool: 'memory' },
      ],
      new Set(['memory', 'graph_explore']),
    );
    expect([...names.keys()].sort()).toEqual(['mcp__evil__memory', 'mcp__files__read_file']);
    expect(names.get('mcp__files__read_file')).toEqual({ serverId: 'files', tool: 'read_file' });
  });

  it('makes every name valid for providers and unique, even for names that clean or cut to the same text', () => {
    const tools = [
      { serverId: 'a__b', tool: 'c' },
      { serverId: 'a', tool: 'b__c' },
      { serverId: 'x', tool: 'read.file' },
      { serverId: 'x', tool: 'read_file' },
      { serverId: 'x', tool: 'ünïcode tool/name' },
      { serverId: 'x', tool: 'l'.repeat(200) },
      { serverId: 'x', tool: `${'l'.repeat(200)}2` },
    ];
    const names = assignToolNames(tools);
    expect(names.size).toBe(tools.length);
    for (const n of names.keys()) expect(n).toMatch(VALID);
    expect(new Set([...names.values()].map((t) => `${t.serverId}/${t.tool}`)).size).toBe(tools.length);
  });

  it('gives the same names whatever order the servers answered in', () => {
    const tools = [
      { serverId: 'a__b', tool: 'c' },
      { serverId: 'a', tool: 'b__c' },
      { serverId: 'z', tool: 'q' },
    ];
    const one = [...assignToolNames(tools).entries()].sort();
    const two = [...assignToolNames([...tools].reverse()).entries()].sort();
    expect(one).toEqual(two);
  });
});

describe('restartDelay', () => {
  it('doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(n, DEFAULT_RESTART))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
