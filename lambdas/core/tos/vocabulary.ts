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
  'browsing|downloading|posting';

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
    `\\bautomat(?:ed|ic|ion)\\b(?:[\\s,/-]+(?:or|and|[\\w-]+)){0,3}?[\\s,/-]+(?:${MEANS_NOUN})\\b`,
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

/** Verbs of access or collection that turn a mention of a tool into conduct ("robots to access"). */
const ACCESS_VERBS = [
  'access', 'collect', 'copy', 'download', 'extract', 'retrieve', 'index', 'monitor', 'scrape', 'crawl', 'spider',
  'mine', 'harvest', 'gather', 'search', 'query', 'capture', 'view', 'store', 'mirror', 'reproduce', 'obtain',
  'interact', 'navigate', 'browse', 'fetch', 'visit',
];
export const ACCESS_VERB = new RegExp(
  `\\b(?:${ACCESS_VERBS.flatMap(verbForms).join('|')}|retrieval|collection|extraction)\\b`,
  'gi',
);

/** What follows a verb used as one: "scrape the Services", "crawl any page"; not "Spider on the bridge". */
export const VERB_OBJECT =
  /^["”’]?\s+(?:the|any|our|this|these|its|their|all|data|content|information|pages?|web\s*pages|websites?|sites?)\b/i;

/** Negations that bind the reader: "may not", "agree not to", "don't", "never". */
export const NEGATION = new RegExp(
  [
    `\\b(?:may|must|shall|will|should|can|could|would)\\s+not\\b`,
    `\\b(?:cannot|can${APOSTROPHE}t|won${APOSTROPHE}t|mustn${APOSTROPHE}t|shan${APOSTROPHE}t|shouldn${APOSTROPHE}t)\\b`,
    `\\bdo(?:\\s+not|n${APOSTROPHE}t)\\b`,
    `\\bnever\\b`,
    `\\b(?:not\\s+to|to\\s+not)\\b`,
  ].join('|'),
  'gi',
);

/** "The right not to be subject to automated decisions" grants a right; it prohibits nothing. */
export const RIGHT_BEFORE_NEGATION = /\bright\s+$/i;

/** After a negation, a passive verb makes the thing used the subject: "must not be used by bots". */
export const PASSIVE_AFTER_NEGATION = /^\s+be\s+(?:\w+ed|used|run|done|made)\b/i;

/** Verbs that prohibit whoever their subject is: "we prohibit scraping", "Acme does not allow bots". */
export const ACTIVE_PROHIBITION = new RegExp(
  `\\b(?:prohibits?|forbids?|(?:do(?:es)?\\s+not|don${APOSTROPHE}t|doesn${APOSTROPHE}t)\\s+(?:permit|allow|authori[sz]e|tolerate))\\b`,
  'gi',
);

/** Prohibitions stated of the activity: "scraping is strictly prohibited", "bots not allowed". */
export const PASSIVE_PROHIBITION = new RegExp(
  [
    `\\b(?:is|are|be|being|been|remains?)\\s+(?:(?:strictly|expressly|specifically|absolutely|also|hereby|therefore|otherwise)\\s+)*(?:prohibited|forbidden|banned|disallowed|not\\s+(?:permitted|allowed|authori[sz]ed))\\b`,
    `\\bnot\\s+(?:permitted|allowed)\\b`,
    `\\b(?:is|are|constitutes?|will\\s+be(?:\\s+considered)?)\\s+an?\\s+(?:violation|breach)\\s+of\\s+(?:these|this|our|the)\\b`,
    `\\bviolates?\\s+(?:these|this|our)\\s+(?:terms|agreement|policy|conditions)\\b`,
  ].join('|'),
  'gi',
);

/** Restrictions that imply a prohibition: "without our prior written consent", "except as permitted". */
export const RESTRICTION = new RegExp(
  [
    `\\bwithout\\s+(?:\\S+\\s+){0,5}?(?:permission|consent|authori[sz]ation|approval)\\b`,
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
    `\\b(?:you|users?|visitors?)\\s+(?:\\w+\\s+)?(?:may|can|are\\s+(?:permitted|allowed|welcome|free)\\s+to)\\b(?!\\s+not\\b)`,
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
 * restrictive "that …" or "in a way that …"), game cheats, and scraping other sites through this one.
 */
export const NARROW_PURPOSE = new RegExp(
  [
    `\\bartificial(?:ly)?\\b`,
    `\\b(?:inflat|manipulat|forg)\\w*\\b[^.;]{0,80}\\b(?:page\\s*views|views|likes|followers|plays|streams|votes|rankings?|popularity|presence\\s+of\\s+a\\s+user)\\b`,
    `\\bthat\\b[^.;]{0,80}\\b(?:excessive|unreasonable|disproportionate(?:ly)?|undue|overburden|overload|negatively\\s+(?:impacts?|affects?))`,
    `\\bcheat(?:s|ing)?\\b`,
    `\\bfrom\\s+(?:the\\s+)?(?:internet|web)\\b(?!\\s*(?:site|page))`,
    `\\bfrom\\s+(?:other|third[\\s-]party)\\s+(?:web\\s*)?(?:sites|services|platforms)\\b`,
  ].join('|'),
  'i',
);

/** Harvesting other people's identifiers: narrow unless the clause also bans tools or scraping. */
export const PERSONAL_IDENTIFIERS = new RegExp(
  [
    `\\b(?:e-?mail\\s+addresses|screen\\s+names|identifiers\\s+of\\s+others|information\\s+about\\s+(?:others|other\\s+users))\\b`,
    `\\bpersonal\\s+(?:data|information)\\s+(?:of|about)\\s+(?:any\\s+|other\\s+)*(?:users?|others|people|individuals)\\b`,
  ].join('|'),
  'i',
);

/** Collection verbs that harvesting clauses use; any other automation word makes the ban general. */
export const HARVESTING = /^(?:harvest|collect|gather|extract)/i;

/** Pronouns that tell who acts: the service ("we") or a third party describes, the reader is bound. */
export const SERVICE_SUBJECT = /^(?:we|our|they|their|it|its)\b/i;

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
    `(?:${CONDUCT_VERBS.flatMap(verbForms).join('|')})\\b`,
  'i',
);

/** The base, third-person and -ing forms of a regular English verb. */
function verbForms(base: string): string[] {
  if (base.endsWith('e')) return [base, `${base}s`, `${base.slice(0, -1)}ing`];
  if (/[^aeiou]y$/.test(base)) return [base, `${base.slice(0, -1)}ies`, `${base}ing`];
  if (/(?:s|x|ch|sh)$/.test(base)) return [base, `${base}es`, `${base}ing`];
  return [base, `${base}s`, `${base}ing`];
}
