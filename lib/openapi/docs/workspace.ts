import { z } from 'zod';
import { composeEmailBody, composeEmailResponse } from '@/lib/validations/apps';
import { defineRoutes, type ResponseDoc } from '../registry';

/** RouteDocs of the workspace screens' own routes (the documented apps routes stay in apps.ts). */

const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
const err = (description: string): ResponseDoc => ({ description, schema: errorSchema });

export const workspaceRoutes = defineRoutes([
  {
    method: 'post',
    path: '/api/workspace/mail',
    tag: 'Email',
    auth: null,
    summary: 'Send a mail to another user, or save a draft',
    description:
      "send=true delivers an unread copy to the recipient's inbox and keeps one in your sent folder; send=false saves a draft. draftId replaces that draft (404 when it is not one of your drafts). toUserId names any other user of the product.",
    body: composeEmailBody,
    responses: {
      201: { description: "The id of the sender's copy.", schema: composeEmailResponse },
      400: err('Invalid body: `issues` names each field with a message.'),
      401: err('No valid session or bearer token.'),
      403: err('Cross-site write refused.'),
      404: err('Unknown recipient, or a draftId that is not one of your drafts.'),
      413: err('Body larger than 1 MiB.'),
    },
    example: { body: { toUserId: 3, subject: 'Lease 1042', message: 'Please check the schedule.', send: true } },
  },
]);
