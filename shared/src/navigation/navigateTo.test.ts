import { navigateTo } from './navigateTo';

afterEach(() => window.history.replaceState(null, '', '/'));

test('pushes the path and tells every router through popstate', () => {
  const popstate = jest.fn();
  window.addEventListener('popstate', popstate);
  navigateTo('/patients/7/dashboard?tab=1');
  window.removeEventListener('popstate', popstate);
  expect(window.location.pathname).toBe('/patients/7/dashboard');
  expect(window.location.search).toBe('?tab=1');
  expect(popstate).toHaveBeenCalledTimes(1);
});

test('does not add a history entry for the current location', () => {
  window.history.replaceState(null, '', '/patients');
  const length = window.history.length;
  navigateTo('/patients');
  expect(window.history.length).toBe(length);
});
