import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { investorMessages, projects } from '../db/schema';
import { computeSentiment, suggestTopics } from '../features/messages/message-nlp';
import { appendAudit } from '../lib/audit';
import type { Clock } from '../lib/clock';
import { DEMO_FUNDS } from './demo-projects';

const DAY_MS = 86_400_000;

type FundKey = (typeof DEMO_FUNDS)[number]['key'];

type DemoMessage = {
  fund: FundKey;
  name: string;
  email: string;
  subject: string;
  body: string;
  /** Days (fractional) before the seed ran. */
  daysAgo: number;
  status?: 'open' | 'awaiting_approval' | 'resolved' | 'flagged';
};

/** DEMO DATA ONLY: fictional investors and questions the demo fund documents answer. */
const DEMO_MESSAGES: DemoMessage[] = [
  {
    fund: 'alpha',
    name: 'Margaret Chen',
    email: 'margaret.chen@harborview-family.com',
    subject: 'Q3 distribution date',
    body: 'Hello, could you confirm the payment date and the per-unit amount of the Q3 distribution? Our treasury team needs it for cash planning. Thank you.',
    daysAgo: 0.2,
  },
  {
    fund: 'alpha',
    name: 'David Okafor',
    email: 'd.okafor@lakeshore-pension.org',
    subject: 'NAV methodology for the office portfolio',
    body: 'Our investment committee asked how the quarterly NAV is determined for the office assets. Are the appraisals external, and how often are properties revalued?',
    daysAgo: 1.1,
  },
  {
    fund: 'alpha',
    name: 'Sofia Marquez',
    email: 'sofia.marquez@crestline-endowment.edu',
    subject: 'Occupancy and leasing update',
    body: 'We saw the occupancy figure in the last quarterly letter. What is the leasing pipeline for the logistics park, and do you expect occupancy to improve next year?',
    daysAgo: 2.4,
    status: 'awaiting_approval',
  },
  {
    fund: 'alpha',
    name: 'Thomas Becker',
    email: 't.becker@rheinland-versorgung.de',
    subject: 'Late distribution again',
    body: 'This is the second quarter in a row the distribution arrived late. We are angry and disappointed: this is bad service for a core fund. Please explain what went wrong and what you are doing about it.',
    daysAgo: 3.0,
  },
  {
    fund: 'alpha',
    name: 'Aisha Rahman',
    email: 'aisha.rahman@meridian-wealth.co.uk',
    subject: 'K-1 timing for 2025',
    body: 'When will the K-1 tax packages for the 2025 tax year be issued? Last year they arrived after our filing deadline and we had to file an extension.',
    daysAgo: 4.5,
  },
  {
    fund: 'alpha',
    name: 'Henrik Lindqvist',
    email: 'henrik.lindqvist@nordkapital.se',
    subject: 'Leverage and refinancing',
    body: 'With interest rates where they are, what is the current loan-to-value of the fund and when do the largest loans mature? Are any covenants close to being tested?',
    daysAgo: 5.2,
  },
  {
    fund: 'alpha',
    name: 'Grace Whitfield',
    email: 'gwhitfield@whitfield-trust.com',
    subject: 'Thank you for the site visit',
    body: 'Thank you for hosting us at the Riverside property last week. The team was excellent and we really appreciated the transparency. We look forward to the annual meeting.',
    daysAgo: 6.8,
    status: 'resolved',
  },
  {
    fund: 'alpha',
    name: 'Rafael Costa',
    email: 'rafael.costa@atlantico-seguros.pt',
    subject: 'ESG certifications',
    body: 'Which of the fund properties hold green building certifications, and what are your targets for energy intensity and carbon emissions over the next three years?',
    daysAgo: 8.1,
  },
  {
    fund: 'alpha',
    name: 'Linda Park',
    email: 'linda.park@bayside-foundation.org',
    subject: 'Management fee calculation',
    body: 'Could you walk us through how the management fee is calculated? Is it charged on committed capital or on NAV, and were there any expense reimbursements this year?',
    daysAgo: 10.3,
    status: 'awaiting_approval',
  },
  {
    fund: 'alpha',
    name: 'James O’Neill',
    email: 'james.oneill@emeraldcap.ie',
    subject: 'Redemption request process',
    body: 'We are considering a partial redemption of our units. What is the notice period, is there a redemption queue at the moment, and how long do redemptions usually take to settle?',
    daysAgo: 12.0,
  },
  {
    fund: 'alpha',
    name: 'Yuki Tanaka',
    email: 'y.tanaka@sakura-life.co.jp',
    subject: 'Capex plans for 2026',
    body: 'The quarterly report mentions a renovation programme. What is the capital expenditure budget for next year and how will it be funded?',
    daysAgo: 14.6,
  },
  {
    fund: 'alpha',
    name: 'Margaret Chen',
    email: 'margaret.chen@harborview-family.com',
    subject: 'Audited financials',
    body: 'Please send the audited financial statements for last year when available. Our auditors also asked for the capital account statement as of year end.',
    daysAgo: 18.2,
    status: 'resolved',
  },
  {
    fund: 'alpha',
    name: 'Oliver Grant',
    email: 'oliver.grant@grantfamilyoffice.com',
    subject: 'Guaranteed returns?',
    body: 'A broker told us the fund guarantees an 8% annual return. Can you confirm this in writing so we can increase our commitment?',
    daysAgo: 21.5,
    status: 'flagged',
  },
  {
    fund: 'alpha',
    name: 'Beatrice Moreau',
    email: 'b.moreau@caisse-lumiere.fr',
    subject: 'Distribution reinvestment',
    body: 'Is there a distribution reinvestment option? We would prefer to reinvest our quarterly distributions rather than receive cash.',
    daysAgo: 27.0,
  },
  {
    fund: 'alpha',
    name: 'Samuel Adeyemi',
    email: 'samuel.adeyemi@unity-pension.ng',
    subject: 'Valuation write-down concerns',
    body: 'We are worried about the write-down of the downtown office building. How much further could valuations fall, and how does this affect the NAV per unit?',
    daysAgo: 33.4,
  },
  {
    fund: 'alpha',
    name: 'Helen Fraser',
    email: 'helen.fraser@northbridge-advisors.com',
    subject: 'Quarterly reporting format',
    body: 'Would it be possible to receive the quarterly report in Excel as well as PDF? It would make our monitoring much easier. Thanks for considering it.',
    daysAgo: 41.0,
    status: 'resolved',
  },
  {
    fund: 'alpha',
    name: 'Carlos Ibáñez',
    email: 'carlos.ibanez@iberfondo.es',
    subject: 'Withholding tax on distributions',
    body: 'As a Spanish investor, what withholding tax applies to our distributions, and which forms do you need from us to apply the treaty rate?',
    daysAgo: 52.7,
  },

  {
    fund: 'beta',
    name: 'Priya Natarajan',
    email: 'priya.n@lotus-endowment.org',
    subject: 'Upcoming capital call',
    body: 'Can you confirm the amount and due date of the next capital call? We want to make sure the funds are ready. Also, how much of our commitment remains unfunded?',
    daysAgo: 0.5,
  },
  {
    fund: 'beta',
    name: 'Michael Hoffman',
    email: 'mhoffman@summit-ventures-lp.com',
    subject: 'Portfolio performance Q3',
    body: 'Great quarter! We were pleased to see the IRR improve. Could you share the net IRR and TVPI since inception and how they compare to the benchmark?',
    daysAgo: 1.6,
  },
  {
    fund: 'beta',
    name: 'Elena Volkova',
    email: 'elena.volkova@aurora-capital.ch',
    subject: 'Carried interest and hurdle',
    body: 'We would like to understand the carried interest waterfall. What is the hurdle rate, is there a catch-up, and has any carry been paid so far?',
    daysAgo: 2.9,
    status: 'awaiting_approval',
  },
  {
    fund: 'beta',
    name: 'Robert Klein',
    email: 'robert.klein@klein-holdings.com',
    subject: 'Disappointed with the write-off',
    body: 'I am very disappointed by the write-off of the fintech company. Nobody warned us. This is poor communication and it damages our trust in the team.',
    daysAgo: 3.7,
  },
  {
    fund: 'beta',
    name: 'Fatima Al-Sayed',
    email: 'fatima.alsayed@gulfbridge-invest.ae',
    subject: 'ESG policy for portfolio companies',
    body: 'How do you assess ESG risks before investing in a growth company, and do portfolio companies report on diversity and governance?',
    daysAgo: 4.9,
  },
  {
    fund: 'beta',
    name: 'Jonathan Reyes',
    email: 'jreyes@pacific-teachers-ret.org',
    subject: 'Capital call notice question',
    body: 'We received the capital call notice. What is the purpose of this drawdown — a new investment or fees? Our board asks for this detail.',
    daysAgo: 6.1,
    status: 'resolved',
  },
  {
    fund: 'beta',
    name: 'Anna Kowalski',
    email: 'anna.kowalski@vistula-fund.pl',
    subject: 'Fee offset for transaction fees',
    body: 'Does the management fee get offset by transaction and monitoring fees charged to portfolio companies? If so, at what percentage?',
    daysAgo: 7.4,
  },
  {
    fund: 'beta',
    name: 'William Turner',
    email: 'wturner@turner-family.com',
    subject: 'Secondary sale of our interest',
    body: 'We may want to transfer our interest in the fund on the secondary market. What consent is required from the general partner, and are there any transfer fees?',
    daysAgo: 9.8,
  },
  {
    fund: 'beta',
    name: 'Mei Lin',
    email: 'mei.lin@jade-river-capital.hk',
    subject: 'Exit pipeline',
    body: 'Which portfolio companies are closest to an exit, and do you expect any distributions from realisations in the next twelve months?',
    daysAgo: 11.2,
  },
  {
    fund: 'beta',
    name: 'Daniel Schwartz',
    email: 'dschwartz@columbia-alumni-fund.org',
    subject: 'Valuation of the top holdings',
    body: 'How are the three largest holdings valued? Are the marks based on the latest funding rounds or on comparable public companies?',
    daysAgo: 13.9,
    status: 'awaiting_approval',
  },
  {
    fund: 'beta',
    name: 'Isabella Rossi',
    email: 'isabella.rossi@fondazione-arno.it',
    subject: 'Annual meeting date',
    body: 'Thank you for the lovely dinner at last year’s annual meeting. Could you tell us the date of this year’s meeting so we can plan travel?',
    daysAgo: 16.0,
    status: 'resolved',
  },
  {
    fund: 'beta',
    name: 'Kwame Mensah',
    email: 'kwame.mensah@goldcoast-pension.gh',
    subject: 'K-1 amendments',
    body: 'We received an amended K-1 for last year. What changed, and will we need to refile our tax return?',
    daysAgo: 19.3,
  },
  {
    fund: 'beta',
    name: 'Laura Bennett',
    email: 'laura.bennett@bennett-foundation.org',
    subject: 'Fund term extension',
    body: 'We heard the GP may ask for a one-year extension of the fund term. What is the reason, and will the management fee change during the extension?',
    daysAgo: 23.6,
  },
  {
    fund: 'beta',
    name: 'Ahmed Hassan',
    email: 'ahmed.hassan@nile-sovereign.eg',
    subject: 'Reporting on portfolio company KPIs',
    body: 'Could the quarterly report include revenue growth and burn rate for each portfolio company? It would help our monitoring a lot.',
    daysAgo: 28.8,
  },
  {
    fund: 'beta',
    name: 'Charlotte Dubois',
    email: 'charlotte.dubois@rhone-gestion.fr',
    subject: 'Credit facility usage',
    body: 'How much is the fund drawing on its subscription credit facility, and how does this affect the reported IRR?',
    daysAgo: 35.1,
  },
  {
    fund: 'beta',
    name: 'Patrick Murphy',
    email: 'patrick.murphy@shamrock-endowment.ie',
    subject: 'Excellent communication',
    body: 'Just a note to say we are very happy with the new investor portal and the quality of the quarterly letters. Keep up the great work.',
    daysAgo: 44.0,
    status: 'resolved',
  },
  {
    fund: 'beta',
    name: 'Hannah Schmidt',
    email: 'hannah.schmidt@alpen-vorsorge.at',
    subject: 'Delayed capital account statement',
    body: 'We still have not received our capital account statement for the last quarter. Our auditors need it urgently. Please send it as soon as possible.',
    daysAgo: 55.5,
  },

  {
    fund: 'gamma',
    name: 'George Papadopoulos',
    email: 'g.papadopoulos@aegean-pension.gr',
    subject: 'Distribution yield outlook',
    body: 'What distribution yield should we expect this year given the new toll road contract? Is the current distribution level sustainable?',
    daysAgo: 0.8,
  },
  {
    fund: 'gamma',
    name: 'Sarah Mitchell',
    email: 'sarah.mitchell@prairie-teachers.org',
    subject: 'Construction delays at the solar project',
    body: 'We read about construction delays at the solar farm. How far behind schedule is it, is the capex budget still valid, and what is the impact on returns?',
    daysAgo: 1.9,
    status: 'awaiting_approval',
  },
  {
    fund: 'gamma',
    name: 'Lars Johansson',
    email: 'lars.johansson@fjord-invest.no',
    subject: 'Climate risk disclosure',
    body: 'Does the fund report under SFDR, and how do you measure the carbon emissions avoided by the renewable assets?',
    daysAgo: 3.3,
  },
  {
    fund: 'gamma',
    name: 'Nadia Petrova',
    email: 'nadia.petrova@volga-holdings.com',
    subject: 'Terrible responsiveness',
    body: 'I have asked three times for the NAV breakdown by asset and received no answer. I am angry about this terrible, poor service.',
    daysAgo: 4.2,
  },
  {
    fund: 'gamma',
    name: 'Benjamin Cohen',
    email: 'ben.cohen@cohen-capital.com',
    subject: 'Interest rate hedging',
    body: 'What share of the fund’s debt is hedged against rising interest rates, and when do the hedges expire?',
    daysAgo: 5.6,
  },
  {
    fund: 'gamma',
    name: 'Olivia Harris',
    email: 'olivia.harris@harris-foundation.org',
    subject: 'Next capital call timing',
    body: 'Could you let us know when the next capital call is expected and roughly how large it will be? We are planning our liquidity for the quarter.',
    daysAgo: 7.9,
  },
  {
    fund: 'gamma',
    name: 'Takeshi Yamamoto',
    email: 't.yamamoto@fuji-infra-partners.jp',
    subject: 'Performance versus target',
    body: 'How is the fund performing against its target net return, and which assets are underperforming?',
    daysAgo: 9.1,
    status: 'resolved',
  },
  {
    fund: 'gamma',
    name: 'Emily Walsh',
    email: 'emily.walsh@harbourside-super.com.au',
    subject: 'Tax treatment of infrastructure income',
    body: 'For Australian investors, how is the income from the fund treated for tax purposes? Will we receive a tax statement each year?',
    daysAgo: 12.7,
  },
  {
    fund: 'gamma',
    name: 'Mohammed Al-Farsi',
    email: 'm.alfarsi@oman-future-fund.om',
    subject: 'Valuation of the port concession',
    body: 'What discount rate is used in the valuation of the port concession, and how sensitive is the NAV to a one percent change?',
    daysAgo: 15.4,
    status: 'awaiting_approval',
  },
  {
    fund: 'gamma',
    name: 'Julia Novak',
    email: 'julia.novak@danube-pension.sk',
    subject: 'Liquidity options',
    body: 'Are there any liquidity options for investors before the end of the fund life, for example a secondary process organised by the manager?',
    daysAgo: 20.0,
  },
  {
    fund: 'gamma',
    name: 'Christopher Lee',
    email: 'chris.lee@lee-family-office.sg',
    subject: 'Fees and expenses breakdown',
    body: 'Please provide a breakdown of fees and fund expenses for the last year, including any fees paid to affiliates of the manager.',
    daysAgo: 24.9,
  },
  {
    fund: 'gamma',
    name: 'Amelia Wright',
    email: 'amelia.wright@wright-endowment.org',
    subject: 'Very pleased with the results',
    body: 'We are delighted with the fund’s results this year. The wind portfolio performed very well. Thank you to the whole team.',
    daysAgo: 30.2,
    status: 'resolved',
  },
  {
    fund: 'gamma',
    name: 'Victor Almeida',
    email: 'victor.almeida@paulista-previdencia.br',
    subject: 'Debt refinancing of the fibre network',
    body: 'Is the fund planning to refinance the fibre network loan? What leverage level do you target after the refinancing?',
    daysAgo: 38.6,
  },
  {
    fund: 'gamma',
    name: 'Rachel Green',
    email: 'rachel.green@greenleaf-trust.com',
    subject: 'Quarterly letter question',
    body: 'In the quarterly letter you mention a regulatory review of the water utility. Could you explain what it means for distributions?',
    daysAgo: 47.3,
    status: 'awaiting_approval',
  },
  {
    fund: 'gamma',
    name: 'Ingrid Solberg',
    email: 'ingrid.solberg@nordlys-pensjon.no',
    subject: 'Redemption at fund end',
    body: 'How will the assets be sold at the end of the fund life, and when should we expect the final distribution? We want to plan the reinvestment of the proceeds.',
    daysAgo: 50.2,
  },
  {
    fund: 'gamma',
    name: 'Stefan Braun',
    email: 'stefan.braun@bayern-werke-pk.de',
    subject: 'Updated W-8BEN-E form',
    body: 'We have a new signatory. Do you need an updated W-8BEN-E form from us for tax withholding, and where should we send it?',
    daysAgo: 58.9,
  },
];

async function demoFundIds(db: Db, orgId: string, actorId: string | null): Promise<Record<FundKey, string>> {
  // Normally created by the projects seed; created here only when missing.
  await db
    .insert(projects)
    .values(DEMO_FUNDS.map((f) => ({ orgId, name: f.name, fundType: f.fundType, createdBy: actorId })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.orgId, orgId),
        inArray(
          projects.name,
          DEMO_FUNDS.map((f) => f.name),
        ),
      ),
    );
  const idOf = (name: string) => {
    const id = rows.find((r) => r.name === name)?.id;
    if (!id) throw new Error(`demo fund missing: ${name}`);
    return id;
  };
  return { alpha: idOf(DEMO_FUNDS[0].name), beta: idOf(DEMO_FUNDS[1].name), gamma: idOf(DEMO_FUNDS[2].name) };
}

/**
 * DEMO DATA ONLY: about 50 investor messages over the three demo funds, spread
 * over the last 60 days, with computed sentiment and suggested topics. Idempotent: a message whose
 * (investor e-mail, subject) already exists in the organisation is skipped. Returns how many it added.
 */
export async function seedDemoMessages(
  deps: { db: Db; clock: Clock },
  orgId: string,
  actorId: string | null,
): Promise<number> {
  const funds = await demoFundIds(deps.db, orgId, actorId);
  const now = deps.clock.now().getTime();
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ email: investorMessages.investorEmail, subject: investorMessages.subject })
      .from(investorMessages)
      .where(
        and(
          eq(investorMessages.orgId, orgId),
          inArray(
            investorMessages.investorEmail,
            DEMO_MESSAGES.map((m) => m.email),
          ),
        ),
      );
    const have = new Set(existing.map((r) => `${r.email}|${r.subject}`));
    let added = 0;
    for (const m of DEMO_MESSAGES) {
      if (have.has(`${m.email}|${m.subject}`)) continue;
      const createdAt = new Date(now - m.daysAgo * DAY_MS);
      const topics = suggestTopics(m.subject, m.body);
      const sentiment = await computeSentiment(m.subject, m.body);
      const [row] = await tx
        .insert(investorMessages)
        .values({
          orgId,
          projectId: funds[m.fund],
          investorName: m.name,
          investorEmail: m.email,
          subject: m.subject,
          bodyText: m.body,
          topics,
          sentimentScore: sentiment,
          status: m.status ?? 'open',
          createdBy: actorId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: investorMessages.id });
      if (!row) throw new Error('demo message insert returned nothing');
      await appendAudit(tx, deps.clock, {
        orgId,
        actorId,
        actionType: 'message_created',
        entityType: 'investor_message',
        entityId: row.id,
        details: {
          project_id: funds[m.fund],
          topics,
          topics_suggested: true,
          sentiment_score: sentiment,
          demo: true,
        },
      });
      added++;
    }
    return added;
  });
}
