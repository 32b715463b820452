import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, sessionStore } from '@ewrt/shared';
import { makeUser, renderWithProviders, setupApiServer } from '@ewrt/shared/testing';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LandingPage } from './LandingPage';

setupApiServer();

function renderLanding(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/patients" element={<p>Patient search screen</p>} />
    </Routes>,
    options,
  );
}

describe('LandingPage', () => {
  it('presents the product: title, tagline and the compliance claims', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The Expert Witness Report Tool')).toBeInTheDocument();
    const claims = screen.getByRole('list', { name: 'Compliance' });
    expect(within(claims).getByText('HIPAA compliant')).toBeInTheDocument();
    expect(within(claims).getByText('GDPR compliant')).toBeInTheDocument();
    expect(within(claims).getByText('UK data storage')).toBeInTheDocument();
  });

  it('shows the three feature cards and reveals their details on hover', async () => {
    const user = userEvent.setup();
    renderLanding();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Secure & Compliant', 'AI-Powered Tools', 'Comprehensive Reports']);

    const secure = screen.getByRole('article', { name: 'Secure & Compliant' });
    expect(within(secure).queryByText('Data stored in the United Kingdom')).not.toBeVisible();

    await user.hover(secure);
    expect(within(secure).getByText('Data stored in the United Kingdom')).toBeVisible();
    expect(within(secure).getByText('HIPAA and GDPR compliant processing')).toBeVisible();
    expect(secure).toHaveAttribute('aria-expanded', 'true');

    await user.unhover(secure);
    expect(within(secure).queryByText('Data stored in the United Kingdom')).not.toBeVisible();
  });

  it("reveals a card's details when it gets keyboard focus", async () => {
    const user = userEvent.setup();
    renderLanding();
    const ai = screen.getByRole('article', { name: 'AI-Powered Tools' });
    expect(within(ai).queryByText('Live dictation and audio-file transcription')).not.toBeVisible();
    // The skip link, the header button, GET STARTED, then the first card, then this one.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(ai).toHaveFocus();
    expect(within(ai).getByText('Live dictation and audio-file transcription')).toBeVisible();
  });

  it('opens the login modal from GET STARTED', async () => {
    const user = userEvent.setup();
    renderLanding();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'GET STARTED' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login to the product' });
    expect(within(dialog).getByLabelText('Username')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
  });

  it('reads GO TO DASHBOARD for a signed-in user and goes to the patients', async () => {
    const user = userEvent.setup();
    // The landing page navigates through the history API (it loads no router of its own): a browser
    // router on the page follows it, as the signed-in shell's does.
    window.history.replaceState(null, '', '/');
    sessionStore.signIn('test-token', makeUser());
    render(
      <AppProviders>
        <BrowserRouter>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/patients" element={<p>Patient search screen</p>} />
          </Routes>
        </BrowserRouter>
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: 'GET STARTED' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'GO TO DASHBOARD' }));
    expect(await screen.findByText('Patient search screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends with a copyright line and working contact links', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/© \d{4} The Expert Witness Report Tool/)).toBeInTheDocument();
    const links = within(footer).getAllByRole('link');
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^(mailto:[^@\s]+@[^@\s]+\.[a-z]+|\/[^#]*#?[a-z-]*)$/);
      expect(link.getAttribute('href')).not.toBe('#');
    }
    expect(within(footer).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});
