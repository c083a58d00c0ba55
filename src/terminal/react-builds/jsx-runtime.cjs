// 'react/jsx-runtime' in the build, its production build bundled (why: BUNDLE_ALIASES in test/helpers/build-flags.ts); the
// development build's name is an expression, so esbuild leaves it to a require at run time from node_modules.
module.exports = process.env.NODE_ENV === 'production' ? require('../../../node_modules/react/cjs/react-jsx-runtime.production.js') : require(['react/jsx-runtime'][0]);
