import { useState } from 'react';
import { FileTextOutlined, RobotOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { navigateTo, SignInModal, useSession } from '@ewrt/shared';
import { MAIN_CONTENT_ID, SkipLink } from '../app/SkipLink';
import { usePageTitle } from '../app/usePageTitle';
import { replacePath } from '../navigation/currentPath';
import { FeatureCard } from './FeatureCard';
import { COMPLIANCE_CLAIMS, CONTACT_LINKS, LANDING_FEATURES } from './landingContent';
import './landing.css';

/** Where the landing flow goes after sign-in (AUTH-04). */
export const AFTER_SIGN_IN_PATH = '/patients';

const FEATURE_ICONS: Record<string, React.ReactNode> = {
  secure: <SafetyCertificateOutlined />,
  ai: <RobotOutlined />,
  reports: <FileTextOutlined />,
};

/**
 * The landing page at "/" (SHELL-03): signed-out visitors sign in here; for a signed-in session the
 * call to action reads 'GO TO DASHBOARD'. It uses no router (the landing page does not load one): it
 * navigates through the history API with a popstate event, which every router on the page follows.
 */
export function LandingPage() {
  const { status } = useSession();
  const [signInOpen, setSignInOpen] = useState(false);
  // The modal is mounted only once asked for, so a visitor who only reads the page never renders it.
  const [signInRequested, setSignInRequested] = useState(false);
  const signedIn = status === 'signed-in';
  usePageTitle();

  const getStarted = () => {
    if (signedIn) {
      navigateTo(AFTER_SIGN_IN_PATH);
      return;
    }
    setSignInRequested(true);
    setSignInOpen(true);
  };

  return (
    <div className="landing" id="top">
      <SkipLink />
      <header className="landing-header">
        <span className="landing-brand">EWRT</span>
        <nav aria-label="Landing">
          <button type="button" className="landing-link-button" onClick={getStarted}>
            {signedIn ? 'Go to dashboard' : 'Sign in'}
          </button>
        </nav>
      </header>

      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <section className="landing-hero" aria-labelledby="landing-title">
          <p className="landing-eyebrow">For medico-legal experts and clinical practitioners</p>
          <h1 id="landing-title" className="landing-title">
            Expert witness reports, prepared with confidence
          </h1>
          <p className="landing-tagline">The Expert Witness Report Tool</p>
          <p className="landing-lead">
            A secure AI interface for reviewing and preparing source documents for expert reports: patient
            records, medical document analysis, transcription and draft reports in one place.
          </p>
          <ul className="landing-claims" aria-label="Compliance">
            {COMPLIANCE_CLAIMS.map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
          <button type="button" className="landing-cta" onClick={getStarted}>
            {signedIn ? 'GO TO DASHBOARD' : 'GET STARTED'}
          </button>
        </section>

        <section className="landing-features" aria-label="Features">
          {LANDING_FEATURES.map((feature) => (
            <FeatureCard key={feature.key} feature={feature} icon={FEATURE_ICONS[feature.key]} />
          ))}
        </section>
      </main>

      <footer className="landing-footer">
        <p>{`© ${new Date().getFullYear()} The Expert Witness Report Tool. All rights reserved.`}</p>
        <ul className="landing-footer__links" aria-label="Contact">
          {CONTACT_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
          <li>
            <a href="/#top">Back to top</a>
          </li>
        </ul>
      </footer>

      {signInRequested ? (
        <SignInModal
          open={signInOpen}
          onClose={() => setSignInOpen(false)}
          onSignedIn={() => {
            setSignInOpen(false);
            replacePath(AFTER_SIGN_IN_PATH);
          }}
        />
      ) : null}
    </div>
  );
}
