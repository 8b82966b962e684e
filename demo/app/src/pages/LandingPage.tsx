import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { PrefetchLink } from '../shell/PrefetchLink';
import { Footer } from '../shell/Footer';
import { Logo } from '../shell/Logo';
import { signedOutText } from './signedOutText';

/** The signed-out marketing page: services menu, hero, feature list, language, Log in and Sign up. */
export function LandingPage() {
  const t = useText(signedOutText);
  return (
    <div className="portal-page">
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Logo />
          <nav aria-label={t.services} className="portal-nav">
            <ul>
              {Object.values(t.serviceList).map((service) => (
                <li key={service}>
                  <span className="portal-nav-item">{service}</span>
                </li>
              ))}
            </ul>
          </nav>
          <div className="portal-header-actions">
            <LanguageSwitcher />
            <PrefetchLink className="portal-button" data-variant="subtle" to="/signin">
              {t.logIn}
            </PrefetchLink>
            <PrefetchLink className="portal-button" to="/register">
              {t.signUp}
            </PrefetchLink>
          </div>
        </div>
      </header>
      <main id="main" className="portal-main">
        <section className="portal-hero" aria-labelledby="hero-title">
          <div className="portal-container">
            <h1 id="hero-title">{t.heroTitle}</h1>
            <p>{t.heroText}</p>
            <div className="portal-hero-actions">
              <PrefetchLink className="portal-button" data-size="lg" to="/register">
                {t.signUp}
              </PrefetchLink>
              <PrefetchLink className="portal-button" data-size="lg" data-variant="outline" to="/signin">
                {t.logIn}
              </PrefetchLink>
            </div>
          </div>
        </section>
        <section className="portal-container portal-features" aria-labelledby="features-title">
          <h2 id="features-title">{t.everythingInOnePlace}</h2>
          <ul className="portal-card-grid">
            {Object.values(t.featureList).map((feature) => (
              <li key={feature.title} className="portal-card">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <Footer />
    </div>
  );
}
