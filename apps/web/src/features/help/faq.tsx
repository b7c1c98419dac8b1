import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export type FaqEntry = { id: string; question: string; answer: ReactNode };

function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-foreground underline underline-offset-4 hover:no-underline">
      {children}
    </Link>
  );
}

/** Answers about Parley as it works (kept true to the code: drafts, compliance, approvals, settings). */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'drafting',
    question: 'How does Generate AI Draft write a reply, and where do the sources come from?',
    answer: (
      <p>
        Open a message from the <PageLink to={paths.inbox}>Inbox</PageLink> and choose Generate AI Draft.
        Parley searches the documents of the message's fund (uploaded on the fund's page under Projects) for
        passages that answer the question and writes the draft from them. Each passage used is listed under
        Sources Referenced with its document, page and relevance, its text with the words the draft relies on
        underlined, and a link to the document in its fund. When no document answers the question, the draft
        says so instead of guessing, so check the fund's documents first.
      </p>
    ),
  },
  {
    id: 'versions',
    question: 'What happens when I edit a draft? Can I go back to an earlier version?',
    answer: (
      <p>
        Every generated draft and every saved edit is a new, numbered version; nothing is overwritten. Save
        Draft stores your edit and returns you to the inbox. Use the version picker in the Draft Workspace to
        read an earlier version and restore it into the editor; saving it then creates the next version. If a
        colleague saved in the meantime, your save is refused so that you can reload instead of overwriting
        their work.
      </p>
    ),
  },
  {
    id: 'compliance',
    question: 'What does Check Compliance look for, and what do the flags mean?',
    answer: (
      <p>
        Check Compliance runs your organisation's guardrails (the forbidden lexicon and patterns kept on the
        Compliance page) over the saved draft; unsaved edits are saved as a new version first. Each flag shows
        the phrase, a severity (high, medium or low), why it was flagged and a suggested wording; Apply Fix
        puts the suggestion in as a new version and checks again. The message needs a fund before it can be
        checked. Once you change the text, the old result is marked out of date until you check again.
      </p>
    ),
  },
  {
    id: 'approve',
    question: 'Who can approve and send a reply?',
    answer: (
      <p>
        Admins and IR directors can always approve (Approve & Send). An IR associate can Mark Final a draft
        with no flags or only low- or medium-severity flags, unless the organisation's approval matrix asks
        for a director at that level. Any high-severity flag needs an admin or IR director: others see “Only
        directors can approve responses with high-severity flags”. IS associates can read messages and drafts
        but not change or send them. The server checks the saved text again when a reply is approved, so what
        is sent is exactly what was checked.
      </p>
    ),
  },
  {
    id: 'submit',
    question: 'What does Submit for Approval do?',
    answer: (
      <p>
        It sends the latest saved version to the admins and IR directors: the message moves to Awaiting
        Approval and they are notified. A director then approves it (the reply is e-mailed to the investor) or
        chooses Request Changes with a comment, which you see in the Draft Workspace. Editing the draft while
        it waits withdraws the submission, so a director never approves text they have not seen.
      </p>
    ),
  },
  {
    id: 'notifications',
    question: 'Which notifications will I get, and how do I turn e-mails off?',
    answer: (
      <p>
        The bell in the top bar shows approval requests and decisions as they happen. In{' '}
        <PageLink to={paths.settings}>Settings</PageLink>, the Approval Requests toggle controls the e-mails
        about approvals and Compliance Flags controls e-mails about submitted drafts whose flags need a
        director. All toggles are on until you change them; the in-app notifications always arrive.
      </p>
    ),
  },
  {
    id: 'mfa',
    question: 'How do I set up two-factor authentication, and what are recovery codes for?',
    answer: (
      <p>
        In <PageLink to={paths.settings}>Settings</PageLink>, choose Set up authenticator, scan the QR code
        with an authenticator app, enter its 6-digit code and save the ten recovery codes shown. When signing
        in without your phone, switch the code dialog to a recovery code: each 8-character code works once.
        You can regenerate the codes (the old ones stop working) after confirming a current code. Admins
        always need two-factor authentication; an admin can require it for everyone under Security Settings.
      </p>
    ),
  },
  {
    id: 'invitations',
    question: 'How do new colleagues get access?',
    answer: (
      <p>
        Parley is invite-only: there is no sign-up. An admin enters the colleague's e-mail address and role
        under Invite Users; the invitation e-mail holds a link valid for 7 days. Admins can resend an
        invitation, copy its link or delete it with an optional reason. Opening the link shows “Invitation
        Pending” on the sign-in page, where the new user sets their name and password.
      </p>
    ),
  },
];
