import { PrefetchLink } from '../shell/PrefetchLink';
import { Footer } from '../shell/Footer';
import { Logo } from '../shell/Logo';

const services = ['Primary care', 'Urgent care', 'Telehealth', 'Lab tests', 'Vaccinations'];

const featureList = [
  {
    title: 'Your health record',
    text: 'Lab results, medications, vaccines and vitals in one place, always up to date.',
  },
  { title: 'Book a visit', text: 'Pick a day and an hour that suit you and get a confirmation right away.' },
  { title: 'Message your care team', text: 'Ask a question and get an answer from the people who know your history.' },
  { title: 'Forms before you arrive', text: 'Fill in intake and screening questionnaires at home, at your own pace.' },
];

/** The signed-out marketing page: services menu, hero, feature list, Log in and Sign up. */
export function LandingPage() {
  return (
    <div className="portal-page">
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Logo />
          <nav aria-label="Services" className="portal-nav">
            <ul>
              {services.map((service) => (
                <li key={service}>
                  <span className="portal-nav-item">{service}</span>
                </li>
              ))}
            </ul>
          </nav>
          <div className="portal-header-actions">
            <PrefetchLink className="portal-button" data-variant="subtle" to="/signin">
              Log in
            </PrefetchLink>
            <PrefetchLink className="portal-button" to="/register">
              Sign up
            </PrefetchLink>
          </div>
        </div>
      </header>
      <main id="main" className="portal-main">
        <section className="portal-hero" aria-labelledby="hero-title">
          <div className="portal-container">
            <h1 id="hero-title">Care that fits your life</h1>
            <p>
              See your results, book visits and talk to your care team from one secure portal, on any device, at any
              hour.
            </p>
            <div className="portal-hero-actions">
              <PrefetchLink className="portal-button" data-size="lg" to="/register">
                Sign up
              </PrefetchLink>
              <PrefetchLink className="portal-button" data-size="lg" data-variant="outline" to="/signin">
                Log in
              </PrefetchLink>
            </div>
          </div>
        </section>
        <section className="portal-container portal-features" aria-labelledby="features-title">
          <h2 id="features-title">Everything in one place</h2>
          <ul className="portal-card-grid">
            {featureList.map((feature) => (
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
