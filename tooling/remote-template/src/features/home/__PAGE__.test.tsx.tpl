import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@ewrt/shared/testing';
import { __COMPONENT__ } from '../../app/__COMPONENT__';

test('the area opens on its first route and names the signed-in user and their group', () => {
  renderWithProviders(<__COMPONENT__ />, {
    route: '__PATH__',
    user: makeUser({ Name: 'Dr Ada Example', Group_Name: 'Example Chambers' }),
  });
  expect(screen.getByRole('heading', { level: 1, name: '__LABEL__' })).toBeVisible();
  expect(screen.getByText('Signed in as Dr Ada Example (Example Chambers).')).toBeVisible();
});

test('a path the area does not declare renders nothing, so that the owning area can take over', () => {
  const { container } = renderWithProviders(<__COMPONENT__ />, {
    route: '/somewhere-else',
    user: makeUser(),
  });
  expect(screen.queryByRole('heading')).toBeNull();
  expect(container.textContent).toBe('');
});
