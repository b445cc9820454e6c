// web-test-runner runs these files under mocha, which provides describe/it/beforeEach as globals.
/// <reference types="mocha" />
