/**
 * oidc-provider (a dev dependency, the real OpenID Connect provider of the single sign-on tests) ships
 * no type declarations: the little of it apps/server/test/oidc-provider.ts uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Handler = (req: IncomingMessage, res: ServerResponse) => void;

  export interface InteractionDetails {
    uid: string;
    params: Record<string, string | undefined> & { client_id: string; scope?: string };
    prompt: { name: string; details: Record<string, unknown> };
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): Handler;
    proxy: boolean;
    Grant: new (input: {
      accountId: string;
      clientId: string;
    }) => GrantInstance;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
