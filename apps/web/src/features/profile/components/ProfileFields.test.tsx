import type { ProfileField, User } from '@cairn/shared/api/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { ProfileEditScreen } from '../../me';
import { WelcomeNewScreen } from '../../welcome';

const FIELDS: ProfileField[] = [
  {
    name: 'title',
    label: 'Title',
    type: 'select',
    options: ['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Mx.'],
    fieldValues: null,
    edit: true,
  },
  { name: 'department', label: 'Department', type: 'text', options: [], fieldValues: 'Sales', edit: true },
  { name: 'cost_centre', label: 'Cost centre', type: 'text', options: [], fieldValues: 'CC-7', edit: false },
];

const USER = {
  id: 7,
  firstname: 'Ada',
  lastname: 'Lovelace',
  mobile: null,
  birth: null,
  nationality_id: null,
  avatar: [],
  language: 'en',
  supported_languages: [],
  fields: FIELDS,
  profile_completion: 33,
  notifications: {},
  roles: [],
} as unknown as User;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers the profile screens' requests like the API does; `post` decides the answers to the saves. */
function serve(post: (url: string, body: Record<string, unknown>) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === 'POST') return post(url, body);
      if (url.endsWith('/api/user/profile')) return json({ data: USER });
      // §7: every field (profile editing) or only those the learner fills in (onboarding)
      if (url.endsWith('/api/user/allFields')) return json({ data: FIELDS });
      if (url.endsWith('/api/user/fields')) return json({ data: FIELDS.filter((f) => f.edit) });
      if (url.endsWith('/api/countries/all')) return json({ data: [{ id: 4, name: 'France', code: 'FR' }] });
      if (url.endsWith('/api/languages/supported')) {
        return json({
          data: [
            {
              code: 'en',
              iso: 'en-US',
              name: 'English',
              locale_name: 'English',
              default_name: 'English',
              moment_code: 'en',
            },
          ],
        });
      }
      return json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
  return calls;
}

describe('profile edit form', () => {
  beforeEach(() =>
    sessionStore.set({
      tokens: {
        tokenType: 'Bearer',
        accessToken: 'a',
        refreshToken: 'r',
        accessExpiresAt: Date.now() + 600_000,
        refreshExpiresAt: Date.now() + 3_600_000,
        trailId: null,
      },
      expired: false,
      arrivingAt: null,
    }),
  );

  it('shows the coach-set field read-only (read through allFields), selects with a disabled placeholder', async () => {
    const calls = serve(() => json({}, 500));
    renderRoutes([{ path: '/me/edit', element: <ProfileEditScreen /> }], '/me/edit');
    const coachField = (await screen.findByLabelText('Cost centre')) as HTMLInputElement;
    expect(coachField.readOnly).toBe(true);
    expect(coachField.value).toBe('CC-7');
    expect(coachField.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Your coach sets this field.')).toBeInTheDocument();
    const title = screen.getByLabelText('Title') as HTMLSelectElement;
    const placeholder = within(title).getByRole('option', { name: 'Please select' }) as HTMLOptionElement;
    expect(placeholder.disabled).toBe(true);
    expect(title.value).toBe('');
    expect((screen.getByLabelText('Department') as HTMLInputElement).value).toBe('Sales');
    expect(calls.map((c) => c.url)).toContain('/api/user/allFields');
  });

  it('sends the typed YYYY/MM/DD as YYYY-MM-DD, the phone as E.164 and the changed custom fields', async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url.endsWith('/api/user/fields') ? json({ data: FIELDS }) : json({ data: { ...USER, profile_completion: 67 } }),
    );
    renderRoutes([{ path: '/me/edit', element: <ProfileEditScreen /> }], '/me/edit');
    await user.type(await screen.findByLabelText('Mobile number'), '41abc79x1234567');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('+41 79 123 45 67');
    await user.type(screen.getByLabelText('Date of birth'), '1990/4/25');
    await user.selectOptions(screen.getByLabelText('Title'), 'Ms.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [fields, profile] = calls.filter((c) => c.method === 'POST');
    expect(fields.url).toMatch(/\/api\/user\/fields$/);
    expect(fields.body).toEqual({ fields: { title: 'Ms.' } });
    expect(profile.url).toMatch(/\/api\/user\/profile$/);
    expect(profile.body).toEqual({ mobile: '+41791234567', birth: '1990-04-25' });
  }, 20_000);

  it('refuses a date that does not exist and one in the future before sending anything', async () => {
    const user = userEvent.setup();
    const calls = serve(() => json({}, 500));
    renderRoutes([{ path: '/me/edit', element: <ProfileEditScreen /> }], '/me/edit');
    const birth = await screen.findByLabelText('Date of birth');
    await user.type(birth, '2023/02/30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a real date as YYYY/MM/DD, for example 1990/04/25')).toBeInTheDocument();
    await user.clear(birth);
    await user.type(birth, `${new Date().getFullYear() + 1}/01/01`);
    expect(await screen.findByText('Enter a date between 1900/01/01 and today')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it("shows the server's 422 field errors at their fields", async () => {
    const user = userEvent.setup();
    serve((url) =>
      url.endsWith('/api/user/fields')
        ? json(
            {
              message: 'The department field may not be greater than 255 characters',
              code: 'validation_failed',
              errors: { department: ['The department field may not be greater than 255 characters'] },
              rules: { department: { rule: 'max', params: { length: 255 } } },
            },
            422,
          )
        : json(
            {
              message: 'The nationality id field is not a valid value',
              code: 'validation_failed',
              errors: { nationality_id: ['The nationality id field is not a valid value'] },
              rules: { nationality_id: { rule: 'oneOf', params: { values: 'a country id' } } },
            },
            422,
          ),
    );
    renderRoutes([{ path: '/me/edit', element: <ProfileEditScreen /> }], '/me/edit');
    await user.type(await screen.findByLabelText('Department'), ' North');
    await screen.findByRole('option', { name: 'France' });
    await user.selectOptions(screen.getByLabelText('Nationality'), '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const department = screen.getByLabelText('Department');
    await waitFor(() => expect(department.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The Department field may not be greater than 255 characters')).toBeInTheDocument();
    expect(screen.getByText('The Nationality field is not a valid value')).toBeInTheDocument();
    // the message goes once the field is changed
    await user.type(department, 'x');
    expect(screen.queryByText('The Department field may not be greater than 255 characters')).not.toBeInTheDocument();
  });
});

describe('onboarding', () => {
  beforeEach(() =>
    sessionStore.set({
      tokens: {
        tokenType: 'Bearer',
        accessToken: 'a',
        refreshToken: 'r',
        accessExpiresAt: Date.now() + 600_000,
        refreshExpiresAt: Date.now() + 3_600_000,
        trailId: null,
      },
      expired: false,
      arrivingAt: null,
    }),
  );

  it('asks only for what is missing and saves only what was filled', async () => {
    const user = userEvent.setup();
    const calls = serve((url) =>
      url.endsWith('/api/user/fields') ? json({ data: FIELDS }) : json({ data: { ...USER, profile_completion: 50 } }),
    );
    renderRoutes(
      [
        { path: '/welcome/new', element: <WelcomeNewScreen /> },
        { path: '/games', element: <p>games</p> },
      ],
      '/welcome/new',
    );
    await screen.findByLabelText('Mobile number');
    // names and department are filled, the coach's field is not the learner's to fill
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Cost centre')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toBeInTheDocument();
    expect(screen.getByLabelText('Nationality')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change avatar' })).toBeInTheDocument();

    await screen.findByRole('option', { name: 'France' });
    await user.selectOptions(screen.getByLabelText('Nationality'), '4');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('games')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ nationality_id: 4 });
  });
});
