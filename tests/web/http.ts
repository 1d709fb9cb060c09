// Reading the web pages over plain HTTP in tests: the page, its text without
// markup, and the text of each report (its <pre> blocks) as the reader sees it. Each
// request on a connection of its own (tests that block the event loop with
// spawnSync would otherwise reuse a keep-alive socket the server has closed).
import { get } from 'node:http';

function httpGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

export interface FetchedPage {
  status: number;
  html: string;
  /** The page's text: no SVG, style, script or tags. */
  text: string;
  /** The reports on the page (section.report, its <pre> blocks joined), in page order. */
  reports: string[];
  /** The SVG of the map, or ''. */
  svg: string;
}

export async function fetchPage(url: string): Promise<FetchedPage> {
  const r = await httpGet(url);
  const html = r.body;
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
  const text = unescapeHtml(
    html
      .replace(/<svg[\s\S]*?<\/svg>/g, '')
      .replace(/<(style|script)>[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, ''),
  );
  // A report's text is in blocks (render/text-blocks.ts: prose, tables, the map), each a <pre>.
  const reports = [...html.matchAll(/<section class="report"[^>]*>([\s\S]*?)<\/section>/g)].map((m) =>
    [...m[1]!.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((p) => unescapeHtml(p[1]!)).join('\n'),
  );
  return { status: r.status, html, text, reports, svg };
}
