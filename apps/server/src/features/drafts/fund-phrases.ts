// Investors' phrasings of fund concepts, and the words fund documents use for them (docs/drafting-eval.md):
// 'your cut of the upside' is what an offering memorandum calls the performance fee or incentive
// allocation. Written from the vocabulary of fund documents (fees, NAV, dealing, distributions, calls,
// risk, tax, ESG, governance), not from any one question: each entry is a concept an investor may ask
// about in words no document uses.

type Phrase = { pattern: RegExp; words: string[] };

const PHRASES: Phrase[] = [
  // Fees and costs
  {
    pattern:
      /\b(?:(?:your|the manager'?s|the gp'?s)\s+)?(?:cut|share|slice|piece|take)\s+of\s+(?:the\s+)?(?:upside|profits?|gains?|performance)\b|\bcarry\b|\bcarried interest\b|\bincentive fee\b/gi,
    words: ['performance', 'incentive', 'carried', 'carry'],
  },
  {
    pattern:
      /\b(?:flat|fixed|base|annual|yearly|running)\s+(?:annual\s+)?(?:charge|fee|cost)\b|\bfee on (?:my|our|the) (?:money|capital|commitment|investment)\b/gi,
    words: ['management'],
  },
  {
    pattern:
      /\b(?:all[- ]in|all together|altogether|in total|total|overall|everything)\b[^.?!]{0,40}\b(?:costs?|charges?|fees?|expenses?|pay|take)\b|\b(?:costs?|charges?|fees?|take|pay)\b[^.?!]{0,40}\b(?:all[- ]in|all together|altogether|in total|overall)\b/gi,
    words: ['ongoing', 'ter', 'expense', 'charges', 'costs'],
  },
  {
    pattern:
      /\b(?:entry|exit|switching|front[- ]end|back[- ]end|early)\s+(?:costs?|charges?|fees?|loads?)\b/gi,
    words: ['entry', 'exit', 'subscription', 'redemption', 'charge', 'fee'],
  },
  {
    pattern:
      /\b(?:got|get|gets|getting|come|comes|climbed?)\s+back\s+(?:to|above)\b|\b(?:recoup|recover|make up|made up|claw back)\b[^.?!]{0,30}\b(?:loss|losses|drop|fall)\b|\bprevious (?:peak|high)\b|\bbelow (?:its|the|my|our) (?:peak|high)\b/gi,
    words: ['high-water', 'water', 'loss', 'carryforward'],
  },
  {
    pattern:
      /\b(?:minimum|threshold|floor|base)\s+(?:return|rate|level|performance)\b|\bhurdle\b|\bpreferred return\b/gi,
    words: ['hurdle', 'preferred', 'threshold'],
  },
  // Dealing: buying, selling, notice, settlement
  {
    pattern:
      /\b(?:take|taking|get|getting|pull|pulling|withdraw|withdrawing)\s+(?:\w+\s+){0,2}(?:money|cash|capital|investment|holding)\s+(?:back\s+)?out\b|\b(?:cash|sell|selling)\s+(?:out|up|(?:part of\s+)?(?:my|our|the)\s+(?:holding|shares|units|interests?|position|investment))\b|\bget out\b|\bwant out\b/gi,
    words: ['redemption', 'redeem', 'redemptions', 'notice'],
  },
  {
    pattern:
      /\b(?:lots of|many|other|everyone|all the other|too many)\b[^.?!]{0,30}\b(?:investors?|people|clients)\b[^.?!]{0,30}\b(?:out|leave|exit|redeem|withdraw|sell)\b|\b(?:run on|rush for|queue)\b|\bhold (?:us|me|them) up\b|\bstuck\b/gi,
    words: ['gate', 'suspend', 'suspension', 'limit', 'deferred'],
  },
  {
    pattern:
      /\b(?:latest|last|cut[- ]?off)\s+(?:time|moment|point|day)\b|\bhas to reach you\b|\bin time for\b|\bdealing deadline\b|\bsame[- ]day price\b|\bthat day'?s price\b/gi,
    words: ['cut-off', 'dealing', 'deadline', 'noon', 'valuation', 'received'],
  },
  {
    pattern:
      /\bhow long\b[^.?!]{0,60}\b(?:cash|money|proceeds|paid|payment|sent|receive|arrive|settle)\b|\b(?:cash|money|proceeds)\b[^.?!]{0,40}\b(?:sent out|paid out|arrive|land|reach)\b|\bsettlement\b/gi,
    words: ['settlement', 'settled', 'paid', 'business', 'days'],
  },
  {
    pattern:
      /\b(?:top(?:ping)? up|add(?:ing)? to (?:my|our) (?:position|holding|investment)|invest more|put (?:more )?money in)\b/gi,
    words: ['subscription', 'subscriptions', 'minimum', 'dealing'],
  },
  // Distributions and dividends
  {
    pattern:
      /\bvalue date\b|\b(?:when|what day)\b[^.?!]{0,40}\b(?:paid|pay|paying|arrive|land|reach|hit|credited)\b/gi,
    words: ['payment', 'payable', 'paid', 'pay'],
  },
  {
    pattern:
      /\b(?:on the register|registered|holding (?:units|shares) on|own (?:units|shares) (?:on|by)|qualify|qualified|eligible|entitled)\b/gi,
    words: ['record', 'ex-dividend', 'ex', 'eligibility', 'outstanding'],
  },
  {
    pattern:
      /\bper[- ](?:unit|share|interest)\s+(?:rate|amount|payout|payment)\b|\brate per (?:unit|share)\b|\bhow much per (?:unit|share)\b/gi,
    words: ['per', 'unit', 'share', 'distribution', 'dividend', 'total'],
  },
  {
    pattern: /\b(?:reinvest|reinvested|reinvestment|drip|more units instead)\b/gi,
    words: ['reinvestment', 'reinvest', 'drip'],
  },
  // Capital calls
  {
    pattern:
      /\b(?:drawdown|draw[- ]down|capital call|call notice|contribution|wire the money|fund the call)\b/gi,
    words: ['call', 'capital', 'due', 'contribution'],
  },
  {
    pattern:
      /\b(?:how much|what (?:share|percentage|proportion|portion))\b[^.?!]{0,30}\b(?:commitment|called|drawn|paid in)\b|\buncalled\b|\bunfunded\b|\bdry powder\b/gi,
    words: ['commitment', 'contributed', 'called', 'unfunded', 'uncalled'],
  },
  // Value and prices
  {
    pattern:
      /\b(?:latest|current|today'?s|most recent|last)\s+(?:price|value|valuation)\b|\bunit price\b|\bshare price\b|\bwhat (?:is|are) (?:my|our|the) (?:shares|units|interests?) worth\b|\bper[- ](?:unit|share|interest) value\b/gi,
    words: ['nav', 'net', 'asset', 'value', 'price'],
  },
  // Performance
  {
    pattern:
      /\b(?:how (?:did|has|have|is)\b[^.?!]{0,30}\b(?:done|doing|do|perform|performed|gone|going))\b|\b(?:up|down)\s+(?:about\s+|around\s+|roughly\s+)?[\d.]+%|\bmade (?:money|a return)\b|\breturns?\b/gi,
    words: ['performance', 'return', 'returns', 'net'],
  },
  {
    pattern: /\b(?:year[- ]to[- ]date|ytd|so far this year|this year so far|since january)\b/gi,
    words: ['ytd', 'year-to-date', 'year'],
  },
  {
    pattern: /\b(?:multiple|money multiple|how many times (?:our|my) money|tvpi|dpi|irr)\b/gi,
    words: ['tvpi', 'dpi', 'irr', 'multiple'],
  },
  // Risk and positioning
  {
    pattern:
      /\b(?:interest[- ]rate (?:sensitivity|risk|exposure)|sensitiv\w* to (?:interest )?rates|moves? (?:for|with|when) (?:a )?[\d.]+% (?:change|move|rise|fall) in (?:interest )?rates|rates? (?:rise|go up|move))\b/gi,
    words: ['duration', 'modified'],
  },
  {
    pattern: /\b(?:yield|yields|yielding|income return)\b/gi,
    words: ['yield', 'ytw', 'ytm', 'maturity', 'worst'],
  },
  {
    pattern:
      /\b(?:how (?:levered|leveraged|geared)|gearing|long plus short|gross (?:book|exposure)|total exposure)\b/gi,
    words: ['gross', 'exposure', 'leverage'],
  },
  {
    pattern: /\b(?:direction(?:al)?(?: tilt| bias)?|net (?:long|short|exposure)|tilt)\b/gi,
    words: ['net', 'exposure', 'long'],
  },
  {
    pattern:
      /\b(?:who (?:holds|looks after|keeps|safeguards)|custody|custodian|counterpart(?:y|ies)|prime brokers?)\b/gi,
    words: ['custodian', 'depositary', 'prime', 'broker', 'brokers', 'counterparty'],
  },
  {
    pattern: /\b(?:borrow(?:ing)?|debt|credit facility|subscription line|loan facility)\b/gi,
    words: ['leverage', 'facility', 'borrowing', 'debt', 'credit'],
  },
  {
    pattern:
      /\b(?:bad loans?|problem loans?|loans? (?:going )?bad|defaults?|non[- ]?accruals?|stopped paying|impair\w*)\b/gi,
    words: ['non-accrual', 'accrual', 'default', 'defaults', 'impairment', 'watch'],
  },
  {
    pattern: /\b(?:non[- ]cash income|paid in kind|pik|interest paid in (?:more )?(?:debt|notes))\b/gi,
    words: ['pik', 'kind'],
  },
  // People and governance
  {
    pattern:
      /\bwho\s+(?:heads|leads|runs|manages|chairs|is in charge of|is responsible for|looks after|is the (?:head|lead|chair|manager|boss))\b|\b(?:lead|head|senior)\s+(?:portfolio\s+)?manager\b|\bin charge\b/gi,
    words: ['head', 'lead', 'chair', 'chairman', 'chairperson', 'manager', 'chief', 'partner', 'portfolio'],
  },
  {
    pattern:
      /\bhow many\s+(?:people|professionals|staff|employees|investment professionals|analysts)\b|\bheadcount\b|\bteam size\b/gi,
    words: ['professionals', 'employees', 'staff', 'team'],
  },
  {
    pattern:
      /\b(?:steps? (?:back|down)|leaves?|leaving|departs?|departure|quits?|retires?|gets hit by a bus)\b/gi,
    words: ['key', 'person', 'departure', 'event', 'cease', 'ceases'],
  },
  {
    pattern:
      /\b(?:votes?|sign[- ]off|approv(?:e|al|es) (?:an |each )?investments?|decides? (?:on )?investments?)\b/gi,
    words: ['committee', 'vote', 'votes', 'approval', 'unanimous', 'majority'],
  },
  {
    pattern:
      /\b(?:annual (?:meeting|get[- ]together|gathering|conference)|agm|investor day|get[- ]together)\b/gi,
    words: ['annual', 'meeting', 'agm'],
  },
  {
    pattern: /\b(?:auditors?|audit firm|accountants? (?:of|for) the fund|who audits)\b/gi,
    words: ['auditor', 'audit', 'audited', 'llp'],
  },
  {
    pattern: /\b(?:administrator|fund admin|who (?:does|keeps) the books|transfer agent|registrar)\b/gi,
    words: ['administrator', 'administration', 'agent'],
  },
  // Tax
  {
    pattern:
      /\bk-?1s?\b|\bschedule k\b|\b1099s?\b|\btax (?:forms?|documents?|reporting|pack|statements?)\b/gi,
    words: ['k-1', 'schedule', '1099', 'forms', 'tax', 'reporting'],
  },
  {
    pattern: /\b(?:reporting (?:fund|status)|excess reportable income|eri|offshore fund rules?)\b/gi,
    words: ['reporting', 'reportable', 'excess', 'status'],
  },
  {
    pattern: /\b(?:withholding|withheld|tax (?:deducted|taken off)|treaty)\b/gi,
    words: ['withholding', 'withheld', 'treaty'],
  },
  {
    pattern: /\b(?:ubti|eci|tax[- ]exempt|ira|pension (?:plan|scheme)s? (?:tax|taxed))\b/gi,
    words: ['ubti', 'tax-exempt', 'exempt', 'eci'],
  },
  // ESG
  {
    pattern:
      /\b(?:sustainab\w*|responsible invest\w*|ethical|green|esg|climate|carbon|emissions?|net zero|sfdr|article [689]|taxonomy)\b/gi,
    words: ['esg', 'sustainability', 'sustainable', 'sfdr', 'taxonomy', 'climate', 'carbon', 'emissions'],
  },
  {
    pattern:
      /\b(?:won'?t (?:lend|invest)|will not (?:lend|invest)|(?:don'?t|do not|never) (?:lend|invest)|avoid(?:ed)? (?:sectors|industries)|exclu\w*|blacklist|negative screen\w*|off[- ]limits)\b/gi,
    words: ['exclusion', 'exclusions', 'excluded', 'exclude', 'prohibited'],
  },
  {
    pattern: /\b(?:forced labou?r|modern slavery|human rights|supply chains?|child labou?r)\b/gi,
    words: ['supply', 'chain', 'labour', 'labor', 'human', 'rights', 'audit', 'audits'],
  },
  // Operations of real assets
  {
    pattern: /\b(?:output|generation|generated|produced|production)\b/gi,
    words: ['generation', 'output', 'production', 'gwh', 'budget'],
  },
  {
    pattern:
      /\b(?:against (?:what you'?d |the )?plan(?:ned)?|(?:vs|versus|compared with|against) (?:the )?(?:plan|budget|forecast|expectations?)|shortfall|under[- ]?performed?|below (?:plan|budget|target))\b/gi,
    words: ['budget', 'below', 'above', 'target', 'p50'],
  },
  {
    pattern: /\b(?:curtail\w*|negative[- ]price\w*|grid (?:constraints?|outages?))\b/gi,
    words: ['curtailment', 'negative', 'price', 'prices', 'grid'],
  },
  {
    pattern: /\b(?:occupancy|occupied|vacan\w*|leased|tenants?)\b/gi,
    words: ['occupancy', 'occupied', 'leased', 'vacancy', 'tenants'],
  },
];

/**
 * The concepts a text asks about in investors' words, each as the document words any of which names it,
 * and the text with those phrases taken out (their own words are not looked for in the documents).
 */
export function phraseConcepts(text: string): { concepts: string[][]; rest: string } {
  const concepts: string[][] = [];
  let rest = text;
  for (const phrase of PHRASES) {
    let found = false;
    rest = rest.replace(phrase.pattern, () => {
      found = true;
      return ' ';
    });
    if (found) concepts.push(phrase.words);
  }
  return { concepts, rest };
}
