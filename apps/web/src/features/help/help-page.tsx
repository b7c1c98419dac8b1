import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { KEYBOARD_SHORTCUTS } from '@/lib/keyboard-shortcuts';
import { FAQ } from './faq';

function Key({ children }: { children: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border bg-muted px-1.5 py-0.5 font-mono text-foreground text-xs shadow-xs">
      {children}
    </kbd>
  );
}

/** One shortcut: keys pressed together are joined by '+', keys pressed one after another by 'then'. */
function ShortcutKeys({ keys }: { keys: readonly string[][] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {keys.map((chord, index) => (
        <span key={chord.join('+')} className="inline-flex items-center gap-1">
          {index > 0 ? <span className="text-muted-foreground text-xs">then</span> : null}
          {chord.map((key, keyIndex) => (
            <span key={key} className="inline-flex items-center gap-1">
              {keyIndex > 0 ? <span className="text-muted-foreground text-xs">+</span> : null}
              <Key>{key}</Key>
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}

export function HelpPage() {
  return (
    <Page>
      <PageHeader title="Help" subtitle="Frequently asked questions and keyboard shortcuts" />
      {/* One column: the shortcuts table (keys, action, where) needs the page's width to read. */}
      <div className="grid items-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle id="faq-title">Frequently asked questions</CardTitle>
            <CardDescription>Drafting, compliance, approvals and your account.</CardDescription>
          </CardHeader>
          <CardContent>
            <Accordion type="single" collapsible aria-labelledby="faq-title">
              {FAQ.map((entry) => (
                <AccordionItem key={entry.id} value={entry.id}>
                  <AccordionTrigger>{entry.question}</AccordionTrigger>
                  <AccordionContent>{entry.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle id="shortcuts-title">Keyboard shortcuts</CardTitle>
            <CardDescription>
              They work where the table says, except while you type in a field.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Table
              aria-labelledby="shortcuts-title"
              className="[&_td]:whitespace-normal [&_th]:whitespace-normal"
            >
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Keys</TableHead>
                  <TableHead scope="col">Action</TableHead>
                  <TableHead scope="col">Where</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {KEYBOARD_SHORTCUTS.map((shortcut) => (
                  <TableRow key={shortcut.action}>
                    <TableCell>
                      <ShortcutKeys keys={shortcut.keys} />
                    </TableCell>
                    <TableCell className="whitespace-normal">{shortcut.action}</TableCell>
                    <TableCell className="whitespace-normal">{shortcut.where}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <p className="text-muted-foreground text-xs">
              Press the keys of “g then i” one after the other, within a second. Going to analytics and
              composing are for roles that can use those pages.
            </p>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
