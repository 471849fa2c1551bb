-- Neovim (0.7 and later) as lakelint's language client, headless: it starts
-- `lakelint server` with the built-in client, opens each file named in
-- LAKELINT_FILES (relative to LAKELINT_ROOT), waits for its diagnostics,
-- asks for the quick fix at the first one as :lua vim.lsp.buf.code_action()
-- does under the cursor, applies it, and writes what it saw as JSON to
-- LAKELINT_OUT. The Go test that runs it checks the results.
local root = vim.env.LAKELINT_ROOT
local results = {}

local client = vim.lsp.start_client({
  name = 'lakelint',
  cmd = { vim.env.LAKELINT_CMD, 'server' },
  root_dir = root,
})

-- the code action menu: take the first action offered
vim.ui.select = function(items, _, on_choice)
  on_choice(items[1])
end

local function lines(buf)
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end

for file in string.gmatch(vim.env.LAKELINT_FILES, '[^,]+') do
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. file))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client)
  local r = { file = file, diagnostics = {} }
  r.published = vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(r.diagnostics, { line = d.lnum, col = d.col, code = d.code, source = d.source })
  end
  if r.published then
    local first = vim.diagnostic.get(buf)[1]
    vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
    local tick = vim.api.nvim_buf_get_changedtick(buf)
    vim.lsp.buf.code_action()
    r.fixed = vim.wait(60000, function() return vim.api.nvim_buf_get_changedtick(buf) ~= tick end, 20)
    r.text = lines(buf)
    -- the fixed buffer is linted again: its diagnostics go away
    r.cleared = vim.wait(60000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
  end
  table.insert(results, r)
end

vim.fn.writefile({ vim.fn.json_encode(results) }, vim.env.LAKELINT_OUT)
vim.lsp.stop_client(client)
vim.cmd('qall!')
