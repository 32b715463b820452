import { screen } from '@testing-library/react';
import { act } from 'react';
import { answerCall, delay, HttpResponse, makeUser, setupApiServer } from '@ewrt/shared/testing';
import { sessionStore } from '@ewrt/shared';
import { renderHostAt } from '../testing/renderHostAt';

const server = setupApiServer();

describe('restoring a stored session', () => {
  beforeEach(() => {
    window.localStorage.setItem('token', 'stored-token');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("shows 'Restoring your session...' until the refresh answers, then the product", async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      answerCall('refreshToken', async () => {
        await answered;
        return { token: 'fresh-token', user: makeUser({ Name: 'Sam Hughes' }) };
      }),
    );
    renderHostAt('/patients');
    let restored: Promise<void> = Promise.resolve();
    act(() => {
      restored = sessionStore.restore();
    });
    expect(await screen.findByText('Restoring your session...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();

    await act(async () => {
      release();
      await restored;
    });
    expect(await screen.findByRole('button', { name: 'Sign out Sam Hughes, SH' })).toHaveTextContent('SH');
    expect(screen.queryByText('Restoring your session...')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/patients');
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });

  it('falls back to the landing page and forgets the token when the refresh fails', async () => {
    server.use(
      answerCall('refreshToken', async () => {
        await delay(20);
        return HttpResponse.json({ message: 'Token expired' }, { status: 403 });
      }),
    );
    renderHostAt('/patients');
    await act(async () => {
      await sessionStore.restore();
    });
    expect(await screen.findByRole('button', { name: 'GET STARTED' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
