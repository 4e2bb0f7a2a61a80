/*
 * The production entry's first import: the libraries that choose a build by NODE_ENV (React,
 * which renders every e-mail) read it as they load, before the entry's own code runs, so it is
 * set here rather than in serve-prod.ts. The entry behaves as production whatever NODE_ENV says
 * (docs/operations.md); without this, e-mails were rendered by React's development build, with
 * its checks, a few times slower.
 */
process.env.NODE_ENV = 'production';
