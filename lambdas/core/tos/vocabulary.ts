/**
 * The words the terms check looks for. Patterns are written for clauses (a sentence piece between
 * semicolons or colons) and are matched case-insensitively on the original text; `\s` also covers
 * the non-breaking spaces that legal pages are full of.
 */

const APOSTROPHE = `['’]`;

/** The means a reader might automate access with: "robots", "automated means", "offline readers". */
const MEANS_NOUN =
  'means|systems?|software|devices?|tools?|process(?:es)?|scripts?|methods?|mechanisms?|technolog(?:y|ies)|programs?|' +
  'applications?|agents?|interfaces?|quer(?:y|ies)|requests?|access|ways?|manner|collection|retrieval|equivalents?|setups?|' +
  'browsing|downloading|posting|copying|querying|extraction|harvesting|indexing|monitoring';

/**
 * A cheap first look: a clause without one of these stems names no automation, so the costlier
 * patterns below are skipped. It must cover every pattern of AUTOMATION_TOOL, AUTOMATION_ACTIVITY
 * and HUMANS_ONLY.
 */
export const AUTOMATION_HINT =
  /bot|scrap|crawl|spider|automat|harvest|extract|programmatic|systematic|offline|headless|retrieval|human|\bmine|data[\s-]+min/i;

/** Tools: they prohibit only together with a verb of access or a prohibition cue. */
export const AUTOMATION_TOOL = new RegExp(
  [
    // "robots.txt" and the robots exclusion standard are instructions for crawlers, not tools
    `\\b(?:ro)?bots?\\b(?!\\.txt|[\\s-]+(?:exclusion|meta\\b|directives?|tags?))`,
    `\\bbotnets?\\b`,
    `\\boffline[\\s-]+readers?\\b`,
    `\\bheadless\\s+browsers?\\b`,
    `\\bretrieval\\s+applications?\\b`,
    `\\bnon-?human\\s+means\\b`,
    `\\b(?:automat(?:ed|ic|ion)|robotic)\\b(?:[\\s,/-]+(?:or|and|[\\w-]+)){0,3}?[\\s,/-]+(?:${MEANS_NOUN})\\b`,
    `\\bautomated\\s+or\\s+otherwise\\b`,
  ].join('|'),
  'gi',
);

/** Activities that are automated collection by name: scraping, crawling, spidering, data mining. */
export const AUTOMATION_ACTIVITY = new RegExp(
  [
    `\\bscrap(?:e|es|ed|ing|ers?)\\b`,
    `\\bcrawl(?:s|ed|ing|ers?)?\\b`,
    // a word of its own, so "SpiderOak" is not a spider
    `\\bspider(?:s|ed|ing)?\\b`,
    `\\bdata[\\s-]+min(?:e|es|ed|ing|ers?)\\b`,
    `["“]mines?[,.]?["”]`,
    `\\bmine\\s+(?:the|our|this|any)\\b`,
    `\\bharvest(?:s|ed|ing)?\\b`,
    `\\b(?:automatic|programmatic|systematic)(?:al)?(?:ly)?\\s+(?:or\\s+\\w+\\s+)?(?:extract|access|collect|download|retriev|cop(?:y|ie)|gather|harvest|index|monitor|captur|quer)\\w*`,
    // extraction of the site's content or data, however it is done; not "extract source code"
    `\\bextract(?:s|ed|ing|ion)?\\b(?:[\\s,]+(?!source\\b)[\\w/-]+){0,3}?[\\s,]+(?:data|content|information|materials?|outputs?)\\b`,
  ].join('|'),
  'gi',
);

/**
 * Words with an everyday sense besides automation: the chatbot, the spider plant, the crawler
 * excavator, the harvest. Alone, they need a verb of access or an object to count.
 */
export const AMBIGUOUS_TERM = /^(?:(?:ro)?bots?|botnets?|spider|crawl|harvest|mine)/i;

/** "Our bots", "our own crawler": the service's automation, not the reader's. */
export const SERVICE_OWNED = /\bour\s+(?:own\s+)?["“]?$/i;

/** Verbs of access or collection that turn a mention of a tool into conduct ("robots to access"). */
const ACCESS_VERBS = [
  'use', 'employ', 'deploy', 'run', 'operate', 'launch', 'access', 'collect', 'copy', 'download', 'extract',
  'retrieve', 'index', 'monitor', 'scrape', 'crawl', 'spider', 'mine', 'harvest', 'gather', 'search', 'query',
  'capture', 'view', 'store', 'mirror', 'reproduce', 'obtain', 'interact', 'navigate', 'browse', 'fetch', 'visit',
];
export const ACCESS_VERB = new RegExp(
  `\\b(?:${ACCESS_VERBS.flatMap((verb) => [...verbForms(verb), pastParticiple(verb)]).join('|')}|retrieval|collection|extraction)\\b`,
  'gi',
);

/**
 * What follows a word of automation used as a verb or with its object: "scrape the Services",
 * "automated access to the platform"; not "Spider on the bridge".
 */
export const VERB_OBJECT =
  /^["”’]?\s+(?:(?:to|of|from)\s+)?(?:the|any|our|this|these|its|their|all|data|content|information|pages?|web\s*pages|websites?|sites?)\b/i;

/** Negations that bind the reader: "may not", "agree not to", "don't", "never". */
export const NEGATION = new RegExp(
  [
    `\\b(?:may|must|shall|will|should|can|could|would)\\s+not\\b`,
    `\\b(?:cannot|can${APOSTROPHE}t|won${APOSTROPHE}t|mustn${APOSTROPHE}t|shan${APOSTROPHE}t|shouldn${APOSTROPHE}t)\\b`,
    `\\bdo(?:\\s+not|n${APOSTROPHE}t)\\b`,
    `\\bnever\\b`,
    `\\b(?:not\\s+to|to\\s+not)\\b`,
    `\\brefrain\\s+from\\b`,
    `\\bunder\\s+no\\s+circumstances\\b`,
    `\\bnor\\s+(?:may|shall|will|can|must|should)\\b`,
    `\\bno\\s+(?:part|portion|page)\\s+of\\b|\\b(?:nobody|no\\s+one)\\b`,
  ].join('|'),
  'gi',
);

/** "The right not to be subject to automated decisions" grants a right; it prohibits nothing. */
export const RIGHT_BEFORE_NEGATION = /\bright\s+$/i;

/**
 * After a negation, "be" and a verb of use makes the thing used the subject ("must not be used by
 * bots", "may not be crawled"); any other verb makes a statement ("you will not be charged").
 */
export const BE_AFTER_NEGATION = /^\s+be\b/i;
export const USE_AFTER_NEGATION =
  /^\s+be\s+(?:\w+\s+)?(?:used|accessed|crawled|scraped|spidered|indexed|copied|downloaded|harvested|collected|mined|monitored|extracted|retrieved|visited|automated)\b/i;

/**
 * Verbs that prohibit whoever their subject is ("we prohibit scraping", "Acme does not allow
 * bots"), and a licence that leaves automation out ("this licence does not include any use of
 * robots").
 */
export const ACTIVE_PROHIBITION = new RegExp(
  [
    `\\b(?:prohibits?|forbids?|(?:do(?:es)?\\s+not|don${APOSTROPHE}t|doesn${APOSTROPHE}t)\\s+(?:permit|allow|authori[sz]e|tolerate))\\b`,
    `\\b(?:licen[cs]es?|permission|rights?)\\b[^.;]{0,60}?\\b(?:does|do|will|shall)\\s+not\\s+(?:include|cover|extend\\s+to|confer)\\b`,
  ].join('|'),
  'gi',
);

/** Prohibitions stated of the activity: "scraping is strictly prohibited", "bots not allowed". */
export const PASSIVE_PROHIBITION = new RegExp(
  [
    `\\b(?:is|are|be|being|been|remains?)\\s+(?:(?:strictly|expressly|specifically|absolutely|also|hereby|therefore|otherwise)\\s+)*(?:prohibited|forbidden|banned|disallowed|not\\s+(?:permitted|allowed|authori[sz]ed))\\b`,
    `\\bnot\\s+(?:permitted|allowed|welcome)\\b`,
    // a text-and-data-mining reservation (EU DSM Directive, art. 4)
    `\\b(?:(?:is|are)\\s+(?:\\w+\\s+)?|rights\\s+)reserved\\b`,
    `\\b(?:is|are|constitutes?|will\\s+be(?:\\s+considered)?)\\s+an?\\s+(?:violation|breach)\\s+of\\s+(?:these|this|our|the)\\b`,
    `\\bviolates\\s+(?:these|this|our)\\s+(?:terms|agreement|policy|conditions)\\b`,
  ].join('|'),
  'gi',
);

/** Restrictions that imply a prohibition: "without our prior written consent", "except as permitted". */
export const RESTRICTION = new RegExp(
  [
    `\\b(?:without|requires?|subject\\s+to)\\s+(?:\\S+\\s+){0,5}?(?:permission|consent|authori[sz]ation|approval)\\b`,
    `\\b(?:is|are)\\s+(?:only\\s+(?:permitted|allowed)|(?:permitted|allowed)\\s+only)\\b`,
    `\\b(?:except|other\\s+than|unless)\\s+(?:\\S+\\s+){0,4}?(?:permitted|authori[sz]ed|allowed|approved)\\b`,
    `\\bunauthori[sz]ed\\b`,
    `\\bresult\\s+in\\s+(?:\\S+\\s+){0,4}?(?:block(?:ing)?|ban|suspension|termination)\\b`,
  ].join('|'),
  'gi',
);

/** "No scraping", "use no automated means": the cue sits right before the activity. */
export const NO_BEFORE_TERM = /\bno\s+(?:(?:use|form|kind|type)\s+of\s+)?(?:other\s+)?["“]?$/i;

/** A statement that the site is for people only forbids bots without naming them. */
export const HUMANS_ONLY =
  /\bfor\s+human\s+(?:users|visitors|use)\s+only\b|\bonly\s+(?:for|by)\s+(?:humans|human\s+(?:users|visitors|beings))\b/i;

/** Permission given to the reader; it stops an unmarked list item from counting as a prohibition. */
export const PERMISSION = new RegExp(
  [
    `\\b(?:you|users?|visitors?|search\\s+engines?|crawlers?|(?:ro)?bots?|spiders?)\\s+(?:\\w+\\s+)?(?:may|can|are\\s+(?:permitted|allowed|welcome|free)\\s+to)\\b(?!\\s+not\\b)`,
    `\\b(?:is|are)\\s+(?:(?!not\\b)\\w+\\s+)?(?:permitted|allowed|welcome)\\b`,
    `\\bwe\\s+(?:\\w+\\s+)?(?:grant|permit|allow)\\b`,
    `\\bfeel\\s+free\\b`,
  ].join('|'),
  'i',
);

/** A condition tail: a negation inside it limits a permission rather than prohibiting. */
export const CONDITION_TAIL = /\b(?:provided(?:\s+that)?|as\s+long\s+as|so\s+long\s+as|if|when|unless)\b[^,]*/gi;

/**
 * Narrow bans the crawler cannot break: fake engagement, automation that overloads the site (as a
 * restrictive "that …" or "in a way that …"), game cheats, spam as the purpose, and scraping other
 * sites through this one.
 */
export const NARROW_PURPOSE = new RegExp(
  [
    `\\bartificial(?:ly)?\\b`,
    `\\b(?:inflat|manipulat|forg)\\w*\\b[^.;]{0,80}\\b(?:page\\s*views|views|likes|followers|plays|streams|votes|rankings?|popularity|presence\\s+of\\s+a\\s+user)\\b`,
    `\\bthat\\b[^.;]{0,80}\\b(?:excessive|unreasonable|disproportionate(?:ly)?|undue|overburden|overload|negatively\\s+(?:impacts?|affects?))`,
    // the widely copied rate clause: more requests than a person could make with a browser
    `\\bmore\\s+(?:request\\s+messages|requests)\\b[^.;]{0,100}\\bthan\\s+(?:a|any)\\s+(?:human|person)\\b`,
    `\\bcheat(?:s|ing)?\\b`,
    `\\b(?:to|that|for(?:\\s+the\\s+purposes?\\s+of)?)\\s+(?:send(?:ing)?\\s+)?spam(?:ming)?\\b|\\bspamming\\s+purposes\\b`,
    `\\bfrom\\s+(?:the\\s+)?(?:internet|web)\\b(?!\\s*(?:site|page))`,
    `\\bfrom\\s+(?:other|third[\\s-]party)\\s+(?:web\\s*)?(?:sites|services|platforms)\\b`,
  ].join('|'),
  'i',
);

/** Harvesting other people's identifiers: narrow unless the clause also bans tools or scraping. */
export const PERSONAL_IDENTIFIERS = new RegExp(
  [
    `\\b(?:e-?mail\\s+addresses|screen\\s+names|user\\s*names|account\\s+names|identifiers\\s+of\\s+others|information\\s+about\\s+(?:others|other\\s+users))\\b`,
    `\\bpersonally\\s+identifiable\\s+information\\b|\\bidentify\\s+(?:a|any)\\s+(?:person|individual|user)\\b`,
    `\\bpersonal\\s+(?:data|information)\\s+(?:of|about)\\s+(?:any\\s+|other\\s+)*(?:users?|others|people|individuals)\\b`,
  ].join('|'),
  'i',
);

/** Collection verbs that harvesting clauses use; any other automation word makes the ban general. */
export const HARVESTING = /^(?:harvest|collect|gather|extract)/i;

/** Subjects that tell the service ("we") or a third party acts; the sentence describes, it binds no reader. */
export const SERVICE_SUBJECT = /^(?:we|our|they|their|third[\s-]part(?:y|ies)|advertisers?|partners?|service\s+providers?)\b/i;

/** Where the subject of a cue starts: the clause start, a comma, a parenthesis or a relative pronoun. */
export const SUBJECT_BOUNDARY = /[,(]|\b(?:that|which|who|and|or)\b/gi;

const CONDUCT_VERBS = [
  'use', 'access', 'crawl', 'scrape', 'spider', 'harvest', 'collect', 'extract', 'download', 'copy', 'capture',
  'mine', 'monitor', 'index', 'retrieve', 'engage', 'develop', 'launch', 'employ', 'deploy', 'operate', 'interact',
  'attempt', 'involve', 'build', 'create', 'gather', 'obtain', 'mirror', 'automate', 'circumvent', 'search',
];

/**
 * A clause that starts with a verb of conduct ("use any robot…", "scraping the Services…",
 * "(d) crawl…") is an item of a prohibited-conduct list even when its lead-in is out of sight.
 */
export const CONDUCT_ITEM = new RegExp(
  `^[\\s"'“‘(\\[]*(?:\\(?(?:\\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]\\s*|(?:and|or|nor|and/or|to|also)\\s+)*["'“‘]*` +
    `(?:(?:automatically|programmatically|systematically|directly|indirectly|knowingly|intentionally)\\s+(?:or\\s+\\w+\\s+)?)?` +
    `(?:${CONDUCT_VERBS.flatMap(verbForms).join('|')})\\b` +
    // neither a definition ("Scraping refers to …") nor "search engines" is an item of conduct
    `(?![\\s"”’]+(?:refers?|means|is\\s+(?:defined|the)|includes|engines?)\\b)`,
  'i',
);

/** The past participle of a verb of ACCESS_VERBS ("used", "copied", "run"). */
function pastParticiple(base: string): string {
  if (base === 'run') return 'run';
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** The base, third-person and -ing forms of a regular English verb. */
function verbForms(base: string): string[] {
  if (base.endsWith('e')) return [base, `${base}s`, `${base.slice(0, -1)}ing`];
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(base)) return [base, `${base}s`, `${base}${base.at(-1)}ing`];
  if (/[^aeiou]y$/.test(base)) return [base, `${base.slice(0, -1)}ies`, `${base}ing`];
  if (/(?:s|x|ch|sh)$/.test(base)) return [base, `${base}es`, `${base}ing`];
  return [base, `${base}s`, `${base}ing`];
}
