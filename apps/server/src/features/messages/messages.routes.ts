import {
  createMessageInputSchema,
  investorHistoryResponseSchema,
  investorTypeInputSchema,
  investorTypeViewSchema,
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageAssigneesResponseSchema,
  messageBadgesResponseSchema,
  messageCountsQuerySchema,
  messageCountsResponseSchema,
  messageIdParamSchema,
  messageSchema,
  setMessageFundInputSchema,
  threadResponseSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getInvestorHistory } from './investor-history';
import { setInvestorType } from './investor-type';
import { setMessageFund } from './message-fund';
import {
  countMessagesPage,
  createMessage,
  listMessageAssignees,
  listMessagesPage,
  openMessage,
  readMessageBadges,
} from './messages.service';
import { getThread } from './thread';

const create = apiRoute({
  method: 'post',
  path: '/api/messages',
  summary: 'Compose: record an investor message (sentiment computed, topics suggested when none given)',
  body: createMessageInputSchema,
  ok: { status: 201, schema: messageSchema, description: 'Created' },
  errors: [400, 401, 403, 415],
});

const list = apiRoute({
  method: 'get',
  path: '/api/messages',
  summary:
    'One inbox tab, newest first, searched by investor name or subject; every tab’s count unless searched',
  query: listMessagesQuerySchema,
  ok: { status: 200, schema: listMessagesResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const counts = apiRoute({
  method: 'get',
  path: '/api/messages/counts',
  summary: 'Every inbox tab’s count under a search and fund filter (a search counts each tab up to 1,000)',
  query: messageCountsQuerySchema,
  ok: { status: 200, schema: messageCountsResponseSchema, description: 'The counts' },
  errors: [400, 401, 403],
});

const badges = apiRoute({
  method: 'get',
  path: '/api/messages/badges',
  summary:
    'The caller’s unread messages still to be dealt with (capped) and, for reviewers, approvals waiting',
  ok: { status: 200, schema: messageBadgesResponseSchema, description: 'The counts' },
  errors: [401, 403],
});

const assignees = apiRoute({
  method: 'get',
  path: '/api/messages/assignees',
  summary: 'The organisation’s active members, by name, to choose a message’s owner from',
  ok: { status: 200, schema: messageAssigneesResponseSchema, description: 'The members' },
  errors: [401, 403],
});

const show = apiRoute({
  method: 'get',
  path: '/api/messages/{id}',
  summary: 'One message of the caller’s organisation, with its project name; opening it is audited',
  params: messageIdParamSchema,
  ok: { status: 200, schema: messageSchema, description: 'The message' },
  errors: [400, 401, 403, 404],
});

const investor = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/investor',
  summary:
    'The investor panel: the investor’s other messages in the organisation (newest first, at most 10) with the reply last sent to each, and the last contact',
  params: messageIdParamSchema,
  ok: { status: 200, schema: investorHistoryResponseSchema, description: 'The investor’s history' },
  errors: [400, 401, 403, 404],
});

const investorType = apiRoute({
  method: 'put',
  path: '/api/messages/{id}/investor/type',
  summary:
    'Set the type of the message’s investor (retail, accredited, institutional), which decides the communication class of replies to them',
  params: messageIdParamSchema,
  body: investorTypeInputSchema,
  ok: { status: 200, schema: investorTypeViewSchema, description: 'The investor’s type' },
  errors: [400, 401, 403, 404, 415],
});

const thread = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/thread',
  summary:
    'The thread of any of its messages: its messages (the newest 200) and the replies sent to them, oldest first, with their attachments',
  params: messageIdParamSchema,
  ok: { status: 200, schema: threadResponseSchema, description: 'The thread' },
  errors: [400, 401, 403, 404],
});

const fund = apiRoute({
  method: 'put',
  path: '/api/messages/{id}/fund',
  summary: 'Set the fund of the message’s whole thread (one of the organisation’s funds)',
  params: messageIdParamSchema,
  body: setMessageFundInputSchema,
  ok: { status: 200, schema: messageSchema, description: 'The message with its new fund' },
  errors: [400, 401, 403, 404, 415, 422],
});

export function registerMessageRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(create, async (c) => {
    const message = await createMessage(deps, c.get('actor'), c.req.valid('json'));
    return c.json(message, 201);
  });

  api.openapi(list, async (c) => {
    const page = await listMessagesPage(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  // Before /api/messages/{id}, which would take 'counts', 'badges' or 'assignees' for an id.
  api.openapi(counts, async (c) => {
    return c.json(await countMessagesPage(deps, c.get('actor'), c.req.valid('query')), 200);
  });
  api.openapi(badges, async (c) => c.json(await readMessageBadges(deps, c.get('actor')), 200));
  api.openapi(assignees, async (c) => c.json(await listMessageAssignees(deps, c.get('actor')), 200));

  api.openapi(show, async (c) => {
    const { id } = c.req.valid('param');
    const message = await openMessage(deps, c.get('actor'), { id, sessionId: c.get('session').sessionId });
    return c.json(message, 200);
  });

  api.openapi(investorType, async (c) => {
    const { id } = c.req.valid('param');
    const input = { messageId: id, investorType: c.req.valid('json').investor_type };
    return c.json(await setInvestorType(deps, c.get('actor'), input), 200);
  });

  api.openapi(thread, async (c) => {
    return c.json(await getThread(deps, c.get('actor'), { messageId: c.req.valid('param').id }), 200);
  });

  api.openapi(fund, async (c) => {
    const { id } = c.req.valid('param');
    const { project_id } = c.req.valid('json');
    return c.json(await setMessageFund(deps, c.get('actor'), { id, projectId: project_id }), 200);
  });

  api.openapi(investor, async (c) => {
    return c.json(
      await getInvestorHistory(deps, c.get('actor'), { messageId: c.req.valid('param').id }),
      200,
    );
  });
}
