import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { discussionParticipants, discussions, messages } from '../schema';

export const DEMO_TEAM_NAME = 'Team Summit';
export const DEMO_COMPANY_CHANNEL = 'Acme Learning announcements';

/**
 * The demo's chats: learner and rival's one-to-one chat, a team of learner, rival and coach (the coach owns
 * it), and Acme's announcement channel (a company broadcast only its owner, the coach, posts in).
 */
export async function seedDemoChats(
  tx: Tx,
  customerId: number,
  u: { learner: number; rival: number; coach: number },
): Promise<void> {
  const minutesAgo = (m: number) => sql`now() - make_interval(mins => ${m})`;
  const make = async (
    values: Omit<typeof discussions.$inferInsert, 'customerId'>,
    people: { userId: number; owner?: boolean }[],
    posts: { from: number; body: string; ago: number }[],
    unreadFor: number[] = [],
  ) => {
    const last = Math.min(...posts.map((p) => p.ago));
    const [d] = await tx
      .insert(discussions)
      .values({ ...values, customerId, latestMessageAt: minutesAgo(last) })
      .returning({ id: discussions.id });
    const rows = await tx
      .insert(messages)
      .values(posts.map((p) => ({ discussionId: d.id, senderId: p.from, body: p.body, createdAt: minutesAgo(p.ago) })))
      .returning({ id: messages.id });
    const newest = Math.max(...rows.map((r) => r.id));
    await tx.insert(discussionParticipants).values(
      people.map((p) => {
        const unread = unreadFor.includes(p.userId);
        return {
          discussionId: d.id,
          userId: p.userId,
          owner: p.owner ?? false,
          unread: unread ? posts.length : 0,
          lastReadMessageId: unread ? 0 : newest,
          readMessageAt: unread ? null : minutesAgo(last),
        };
      }),
    );
  };

  await make(
    { type: 'individual', channel: 'chat', pairKey: [u.learner, u.rival].sort((a, b) => a - b).join('-') },
    [{ userId: u.learner }, { userId: u.rival }],
    [
      { from: u.rival, body: 'Hi Lena! Ready for the battle this week?', ago: 300 },
      { from: u.learner, body: 'Always. May the better answer win 😄', ago: 295 },
    ],
  );
  await make(
    { type: 'team', channel: 'chat', name: DEMO_TEAM_NAME },
    [{ userId: u.coach, owner: true }, { userId: u.learner }, { userId: u.rival }],
    [
      { from: u.coach, body: 'Welcome to Team Summit! Post your questions about the demo trails here.', ago: 200 },
      { from: u.rival, body: 'Thanks Cora! Is the assessment timed?', ago: 190 },
      { from: u.coach, body: 'No, take your time. The exam has a ten-minute limit though.', ago: 185 },
    ],
  );
  await make(
    { type: 'company', channel: 'broadcast', name: DEMO_COMPANY_CHANNEL, repliable: false, priority: 1 },
    [{ userId: u.coach, owner: true }, { userId: u.learner }, { userId: u.rival }],
    [
      { from: u.coach, body: 'Welcome to Acme Learning! New trails arrive every Monday.', ago: 120 },
      { from: u.coach, body: 'Reminder: the workplace survey closes at the end of the month.', ago: 60 },
    ],
    [u.learner, u.rival],
  );
}
