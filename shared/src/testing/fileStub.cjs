// Stands in for image imports under Jest: the file name is enough for an <img src>.
module.exports = 'test-file-stub';
