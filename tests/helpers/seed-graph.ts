// Seeds an L2 knowledge graph into a Monad home through the engine's own stores: sessions and messages
// in db/app.sqlite (the relations' support), nodes and edges in db/memory.sqlite. Used by the Graph tab's
// e2e tests and the UI benchmark. Safe while `monad serve` runs on the same home (both databases are WAL).
// Framework-free on purpose: no vitest or Playwright imports, so any runner can call it.
import type { Session } from '../../src/shared/domain';
import { Engine } from '../../src/main/engine';
import type { GraphStore } from '../../src/main/memory/graph/graph-store';

export const DEMO_AGENT = 'default';
export const DEMO_SCOPE = `agent:${DEMO_AGENT}`;
export const DEMO_PROJECT_SCOPE = 'project:atlas';

/** A small, hand-written graph with a story: Sam changed jobs and moved city, so two relations were superseded. */
export interface DemoGraph {
  scope: string;
  sessions: { career: Session; move: Session };
  /** Node ids by name. */
  nodes: Record<string, number>;
  edges: {
    /** Sam works at Acme Corp — closed when Sam moved to Globex. */
    oldJob: number;
    /** Sam works at Globex — current since `jobChangeAt`. */
    newJob: number;
    oldHome: number;
    newHome: number;
    knowsPriya: number;
  };
  jobChangeAt: string;
  /** The message the new-job relation was extracted from. */
  newJobMessageId: string;
}

/** An engine on a home for seeding, closed at once (a running `monad serve` on the same home reads what it wrote). */
export function withEngine<T>(home: string, run: (engine: Engine) => T): T {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    return run(engine);
  } finally {
    engine.close();
  }
}

export function seedDemoGraph(home: string): DemoGraph {
  return withEngine(home, (engine) => {
    const { sessions, messages } = engine;
    const g = engine.graph.store;
    const career = sessions.create({ agentId: DEMO_AGENT, title: 'Career chat', createdAt: '2024-01-10T09:00:00.000Z' });
    const move = sessions.create({ agentId: DEMO_AGENT, title: 'Planning the Lisbon move', createdAt: '2025-04-02T18:00:00.000Z' });
    const say = (session: Session, role: 'user' | 'assistant', content: string, createdAt: string) =>
      messages.append({ sessionId: session.id, role, content, createdAt }).id;

    const m = {
      acme: say(career, 'user', 'I just started at Acme Corp as a data engineer. My friend Priya got me the interview.', '2024-01-10T09:01:00.000Z'),
      acmeReply: say(career, 'assistant', 'Congratulations on the Acme Corp role! Data engineering there will mean a lot of Rust and Kafka, from what you said.', '2024-01-10T09:01:30.000Z'),
      berlin: say(career, 'user', 'I live in Berlin for now, with my cat Miso.', '2024-01-10T09:03:00.000Z'),
      hiking: say(career, 'user', 'Weekends are for hiking in Saxon Switzerland whenever I can.', '2024-02-03T10:00:00.000Z'),
      globex: say(career, 'user', 'Big news: I accepted the offer from Globex. Priya works there too, on the Atlas project.', '2025-03-01T08:00:00.000Z'),
      globexReply: say(career, 'assistant', 'That is great news. So you leave Acme Corp and join Priya at Globex, working on Atlas.', '2025-03-01T08:00:40.000Z'),
      lisbon: say(move, 'user', 'We moved to Lisbon last week — Globex has its main office there.', '2025-05-15T19:00:00.000Z'),
      lisbonReply: say(move, 'assistant', 'Welcome to Lisbon! Since you enjoy hiking, Sintra is close by.', '2025-05-15T19:00:30.000Z'),
    };

    const scope = DEMO_SCOPE;
    const node = (name: string, type: string, summary: string) => g.upsertNode(scope, name, type, summary).id;
    const nodes = {
      Sam: node('Sam', 'person', 'The person Monad talks with: a data engineer who moved from Berlin to Lisbon.'),
      'Acme Corp': node('Acme Corp', 'organization', 'A logistics company where Sam worked as a data engineer.'),
      Globex: node('Globex', 'organization', 'A software company with its main office in Lisbon; Sam’s employer since March 2025.'),
      Priya: node('Priya', 'person', 'Sam’s friend; works at Globex on the Atlas project.'),
      Berlin: node('Berlin', 'place', 'Where Sam lived until May 2025.'),
      Lisbon: node('Lisbon', 'place', 'Where Sam lives now.'),
      Atlas: node('Atlas', 'project', 'A Globex project Priya and Sam work on.'),
      Rust: node('Rust', 'technology', 'A programming language Sam uses at work.'),
      Kafka: node('Kafka', 'technology', 'A streaming platform used in Sam’s data pipelines.'),
      Miso: node('Miso', 'animal', 'Sam’s cat.'),
      Hiking: node('Hiking', 'activity', 'What Sam likes to do at weekends.'),
      Sintra: node('Sintra', 'place', 'A hilly town near Lisbon with good hiking.'),
    };
    const edge = (src: number, relation: string, dst: number, provClass: 'user' | 'assistant' | 'inferred', validFrom: string, support: string[], supersede = false) =>
      g.upsertEdge({ scope, src, dst, relation, provClass, validFrom, support, supersede }).id;

    const oldJob = edge(nodes.Sam, 'works at', nodes['Acme Corp'], 'user', '2024-01-10T09:01:00.000Z', [m.acme]);
    const oldHome = edge(nodes.Sam, 'lives in', nodes.Berlin, 'user', '2024-01-10T09:03:00.000Z', [m.berlin]);
    const knowsPriya = edge(nodes.Sam, 'knows', nodes.Priya, 'user', '2024-01-10T09:01:00.000Z', [m.acme, m.globex]);
    edge(nodes.Sam, 'uses', nodes.Rust, 'assistant', '2024-01-10T09:01:30.000Z', [m.acmeReply]);
    edge(nodes['Acme Corp'], 'uses', nodes.Kafka, 'assistant', '2024-01-10T09:01:30.000Z', [m.acmeReply]);
    edge(nodes.Sam, 'has pet', nodes.Miso, 'user', '2024-01-10T09:03:00.000Z', [m.berlin]);
    edge(nodes.Sam, 'likes', nodes.Hiking, 'user', '2024-02-03T10:00:00.000Z', [m.hiking]);
    const jobChangeAt = '2025-03-01T08:00:00.000Z';
    const newJob = edge(nodes.Sam, 'works at', nodes.Globex, 'user', jobChangeAt, [m.globex, m.globexReply], true);
    edge(nodes.Priya, 'works at', nodes.Globex, 'user', jobChangeAt, [m.globex]);
    edge(nodes.Priya, 'works on', nodes.Atlas, 'user', jobChangeAt, [m.globex]);
    edge(nodes.Sam, 'works on', nodes.Atlas, 'assistant', '2025-03-01T08:00:40.000Z', [m.globexReply]);
    edge(nodes.Atlas, 'part of', nodes.Globex, 'inferred', jobChangeAt, [m.globex]);
    const newHome = edge(nodes.Sam, 'lives in', nodes.Lisbon, 'user', '2025-05-15T19:00:00.000Z', [m.lisbon], true);
    edge(nodes.Globex, 'located in', nodes.Lisbon, 'user', '2025-05-15T19:00:00.000Z', [m.lisbon]);
    edge(nodes.Sintra, 'near', nodes.Lisbon, 'assistant', '2025-05-15T19:00:30.000Z', [m.lisbonReply]);
    edge(nodes.Hiking, 'possible in', nodes.Sintra, 'inferred', '2025-05-15T19:00:30.000Z', [m.lisbonReply]);

    // A second, smaller scope, so the scope selector has a choice.
    const p = (name: string, type: string, summary: string) => g.upsertNode(DEMO_PROJECT_SCOPE, name, type, summary).id;
    const atlas = p('Atlas', 'project', 'The Globex routing service.');
    const kafka = p('Kafka', 'technology', 'Event log behind Atlas.');
    g.upsertEdge({ scope: DEMO_PROJECT_SCOPE, src: atlas, dst: kafka, relation: 'uses', provClass: 'assistant', validFrom: '2025-03-01T08:00:40.000Z', support: [m.globexReply], supersede: false });

    return { scope, sessions: { career, move }, nodes, edges: { oldJob, newJob, oldHome, newHome, knowsPriya }, jobChangeAt, newJobMessageId: m.globex };
  });
}

export interface LargeGraphOptions {
  nodes: number;
  edges: number;
  agentId?: string;
  /** Chats the support messages are spread over. */
  sessions?: number;
  messagesPerSession?: number;
  /** Share of edges that supersede an earlier relation (closing it). */
  supersededShare?: number;
  seed?: number;
}

export interface LargeGraph {
  scope: string;
  nodes: number;
  edges: number;
  closed: number;
  seedMs: number;
  /** One of the least-connected entities (the last seeded with a single relation): far from any overview. */
  leaf: { id: number; name: string };
}

const TYPES = ['person', 'organization', 'place', 'project', 'technology', 'concept', 'event', 'document'] as const;
const WORDS = [
  'amber', 'birch', 'cobalt', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'iris', 'juniper', 'kestrel', 'lumen', 'maple',
  'nova', 'onyx', 'pine', 'quartz', 'raven', 'sierra', 'tundra', 'umber', 'vale', 'willow', 'xenon', 'yarrow', 'zephyr',
];
const RELATIONS = ['knows', 'works at', 'works on', 'uses', 'part of', 'located in', 'depends on', 'mentions', 'likes', 'owns', 'related to', 'reports to'];
const PROV: ('user' | 'assistant' | 'inferred')[] = ['user', 'user', 'assistant', 'assistant', 'inferred'];

/** Deterministic pseudo-random numbers (LCG), so every run seeds the same graph. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A large synthetic graph with a realistic shape: preferential attachment (a few hubs, many leaves),
 * several entity types, relations over two years, a share of them superseded (closed), each supported
 * by real messages.
 */
export function seedLargeGraph(home: string, opts: LargeGraphOptions): LargeGraph {
  const started = Date.now();
  const agentId = opts.agentId ?? DEMO_AGENT;
  const scope = `agent:${agentId}`;
  const rand = rng(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const sessionCount = opts.sessions ?? 40;
  const perSession = opts.messagesPerSession ?? 25;
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const span = 2 * 365 * 86_400_000;

  return withEngine(home, (engine) => {
    const messageIds: string[] = [];
    engine.appDb.transaction(() => {
      for (let s = 0; s < sessionCount; s++) {
        const at = start + Math.floor((s / sessionCount) * span);
        const session = engine.sessions.create({ agentId, title: `Chat ${s + 1}: ${pick(WORDS)} ${pick(WORDS)}`, createdAt: new Date(at).toISOString() });
        for (let i = 0; i < perSession; i++) {
          const role = i % 2 === 0 ? 'user' : 'assistant';
          const content = `${role === 'user' ? 'Note' : 'Reply'} ${i + 1} about ${pick(WORDS)} and ${pick(WORDS)}.`;
          messageIds.push(engine.messages.append({ sessionId: session.id, role, content, createdAt: new Date(at + i * 60_000).toISOString() }).id);
        }
      }
    })();

    const g: GraphStore = engine.graph.store;
    const names = new Map<number, string>();
    const degree = new Map<number, number>();
    let closed = 0;
    let edgeCount = 0;
    engine.memoryDb.transaction(() => {
      const ids: number[] = [];
      for (let i = 0; i < opts.nodes; i++) {
        const raw = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
        const name = raw.charAt(0).toUpperCase() + raw.slice(1);
        const node = g.upsertNode(scope, name, pick(TYPES), `Synthetic entity ${i}.`);
        ids.push(node.id);
        names.set(node.id, name);
      }
      // Preferential attachment: endpoints are drawn from the list of endpoints so far (weight = degree).
      const ends: number[] = [ids[0]];
      const superseded = opts.supersededShare ?? 0.05;
      const edgeAt = (k: number) => new Date(start + Math.floor((k / opts.edges) * span)).toISOString();
      for (let k = 0; edgeCount < opts.edges; k++) {
        const src = k < ids.length ? ids[k] : pick(ids);
        let dst = rand() < 0.8 ? pick(ends) : pick(ids);
        if (dst === src) dst = ids[(ids.indexOf(src) + 1) % ids.length];
        const relation = pick(RELATIONS);
        const support = [pick(messageIds)];
        if (rand() < 0.3) support.push(pick(messageIds));
        const res = g.upsertEdge({ scope, src, dst, relation, provClass: pick(PROV), validFrom: edgeAt(edgeCount), support, supersede: false });
        if (res.kind === 'added') {
          edgeCount++;
          for (const id of [src, dst]) degree.set(id, (degree.get(id) ?? 0) + 1);
        }
        ends.push(src, dst);
        if (edgeCount < opts.edges && rand() < superseded) {
          // The same (src, relation) moves to a new target later: the first edge closes.
          const next = pick(ids);
          if (next !== src && next !== dst) {
            const later = new Date(Date.parse(edgeAt(edgeCount)) + 30 * 86_400_000).toISOString();
            const up = g.upsertEdge({ scope, src, dst: next, relation, provClass: 'user', validFrom: later, support: [pick(messageIds)], supersede: true });
            if (up.kind === 'added') {
              edgeCount++;
              for (const id of [src, next]) degree.set(id, (degree.get(id) ?? 0) + 1);
            }
            closed += up.closed.length;
            ends.push(next);
          }
        }
      }
    })();
    let leaf = { id: 0, name: '' };
    for (const [id, name] of names) if ((degree.get(id) ?? 0) === 1) leaf = { id, name };
    return { scope, nodes: opts.nodes, edges: edgeCount, closed, seedMs: Date.now() - started, leaf };
  });
}
