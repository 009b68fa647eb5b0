// The reference point the issue names: plain BM25 over an OR of the question's words, on a stock FTS5
// table (default unicode61 tokenizer: no stemming, no stopwords), one conversation at a time.
import Database from 'better-sqlite3';

export class BaselineIndex {
  private readonly db = new Database(':memory:');
  private readonly insert;
  private readonly query;

  constructor() {
    this.db.exec(`CREATE VIRTUAL TABLE doc USING fts5(body, conv UNINDEXED, ref UNINDEXED)`);
    this.insert = this.db.prepare(`INSERT INTO doc (body, conv, ref) VALUES (?, ?, ?)`);
    this.query = this.db.prepare(`SELECT ref FROM doc WHERE doc MATCH ? AND conv = ? ORDER BY rank LIMIT ?`).pluck();
  }

  addAll(docs: Array<{ conv: string; ref: string; body: string }>): void {
    this.db.transaction(() => {
      for (const d of docs) this.insert.run(d.body, d.conv, d.ref);
    })();
  }

  /** refs of the best `k` documents of `conv` for the OR of the question's words. */
  search(conv: string, question: string, k: number): string[] {
    const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    if (!words.length) return [];
    return this.query.all(words.map((w) => `"${w}"`).join(' OR '), conv, k) as string[];
  }

  close(): void {
    this.db.close();
  }
}
