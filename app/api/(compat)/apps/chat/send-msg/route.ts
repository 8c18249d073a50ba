import { getDb } from '@/db';
import { sendMessage } from '@/db/queries/compat/apps-chat';
import { parseBody, withAuth } from '@/services/api/handler';
import { sendMsgBody } from '@/lib/validations/apps';

export const dynamic = 'force-dynamic';

/** POST /apps/chat/send-msg {obj: {message, contact: {id}}} — 201 {response: {newMessageData, id, chat?}}; 404 for an unknown contact. */
export const POST = withAuth({ scope: null }, async ({ req, principal }) => {
  const { obj } = await parseBody(req, sendMsgBody);
  return Response.json({ response: await sendMessage(getDb(), principal.user.id, obj.contact.id, obj.message) }, { status: 201 });
});
