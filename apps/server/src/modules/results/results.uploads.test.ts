import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { createMediaApp, type MediaTestApp, multipart, pdf } from '../../test/fixtures/media.fixtures';
import { importTest, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, login } from '../../test/harness';

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaApp();
});
afterAll(() => t.close());

describe('uploaded answers in the trail result', () => {
  it('carry their media id, and their owner downloads them under their title', async () => {
    const token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
    const trailId = await importTest(
      t,
      pkg({ type: 'survey', name: 'Upload survey' }, [
        '  - name: Hand in',
        '    minerals:',
        '      - { type: file_input, title: Your report }',
      ]),
      { assign: [DEMO_USERS.learner.email, DEMO_USERS.coach.email] },
    );
    const form = multipart([
      { name: 'file', filename: 'Quarterly report.pdf', content: pdf(), type: 'application/pdf' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/media',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const mediaId = up.json().id as number;
    const p = await player(t, token).pebble(trailId);
    const answered = await player(t, token).answer(p.id, [{ id: p.minerals[0].id, value: mediaId }]);
    expect(answered.statusCode).toBe(200);

    const me = (await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).json().data.id;
    const result = await t.app.inject({ url: `/api/results/users/${me}/${trailId}`, headers: bearer(token) });
    expect(result.statusCode).toBe(200);
    const input = result.json().data.markers[0].pebbles[0].options[0].input;
    expect(input).toMatchObject({ media_id: mediaId });
    // the learner's upload is private: a signed URL that expires (docs/security.md)
    expect(input.file).toMatch(/^\/files\/media\/.+\.pdf\?exp=\d+&sig=[\w-]+$/);
    expect((await t.app.inject({ url: input.file })).statusCode).toBe(200);
    expect((await t.app.inject({ url: input.file.split('?')[0] })).statusCode).toBe(403);

    const file = await t.app.inject({ url: `/api/media/${mediaId}/download`, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Quarterly%20report.pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
