// 'react-reconciler' in the build (test/helpers/build-flags.ts, BUNDLE_ALIASES): its production build is bundled, its
// development build is required from node_modules at run time (an expression, so esbuild leaves it out) only
// when asked for: 0.5 MB the screen's chunk no longer carries.
module.exports = process.env.NODE_ENV === 'production' ? require('../../../node_modules/react-reconciler/cjs/react-reconciler.production.js') : require(['react-reconciler'][0]);
