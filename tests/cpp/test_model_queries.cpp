// Model-style queries over the built-in catalog (js/catalogs/official-mcp.json, 104 real MCP
// tools): abbreviations, shell commands, typos, verbs the tools do not use, and what must
// not pass for a match. Each expectation is what a person reading the catalog would pick.
#include "toolsearch/json_api.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

using nlohmann::json;
using toolsearch::JsonEngine;

namespace {

JsonEngine& builtin() {
  static JsonEngine engine = [] {
    std::ifstream file(std::string(TOOLSEARCH_SOURCE_DIR) + "/js/catalogs/official-mcp.json");
    std::stringstream text;
    text << file.rdbuf();
    const json doc = json::parse(text.str());
    json tools = json::array();
    for (const json& server : doc["servers"]) {
      for (json tool : server["tools"]) {
        tool["source"] = "mcp:" + server["server"].get<std::string>();
        tools.push_back(std::move(tool));
      }
    }
    JsonEngine e(R"({"namespacing":"prefix"})");
    const json added = json::parse(e.add_tools(tools.dump()));
    REQUIRE(added["ok"] == true);
    return e;
  }();
  return engine;
}

// The top `limit` hits of a search on `engine`, as the JSON API gives them.
json hits(JsonEngine& engine, const std::string& query, size_t limit) {
  const json r = json::parse(engine.search(query, json{{"limit", limit}}.dump()));
  REQUIRE(r["ok"] == true);
  return r["value"];
}

// Names of the top `limit` hits that are not weak.
std::vector<std::string> top(const std::string& query, size_t limit = 3) {
  std::vector<std::string> names;
  for (const json& hit : hits(builtin(), query, limit)) {
    if (!hit["weak"].get<bool>()) names.push_back(hit["name"]);
  }
  return names;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Each query has the tool a reader of the catalog would pick among its top three hits.
void each_in_top3(std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (const auto& [query, tool] : cases) {
    INFO(query);
    CHECK(has(top(query), tool));
  }
}

// An engine over `tools`, a JSON array.
JsonEngine engine_of(const char* tools) {
  JsonEngine e;
  REQUIRE(json::parse(e.add_tools(tools))["ok"] == true);
  return e;
}

// Each query's first hit on `e` is its tool, found by BM25 (not the weak substring fallback).
void each_first(JsonEngine& e, std::initializer_list<std::pair<const char*, const char*>> cases) {
  for (const auto& [query, tool] : cases) {
    INFO(query);
    const json found = hits(e, query, 1);
    REQUIRE(found.size() == 1);
    CHECK(found[0]["name"] == tool);
    CHECK(found[0]["match"] == "bm25");
  }
}

// What explain() on `e` says the query word `from` was taken for, or "".
std::string taken_for(JsonEngine& e, const std::string& query, const std::string& tool, const std::string& from) {
  const json x = json::parse(e.explain(query, tool))["value"];
  for (const json& step : x["expansions"]) {
    if (step["from"] == from) return step["to"].get<std::string>();
  }
  return "";
}

// True when explain() of the query for the tool lists the lexicon expansion from -> to.
bool expanded(const std::string& query, const std::string& tool, const std::string& from, const std::string& to) {
  const json e = json::parse(builtin().explain(query, tool))["value"];
  for (const json& x : e["expansions"]) {
    if (x["from"] == from && x["to"] == to) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("abbreviations and shell commands find the tool they stand for", "[model_queries]") {
  CHECK(top("open a PR", 1) == std::vector<std::string>{"mcp_github_create_pull_request"});
  CHECK(top("open a pull request", 1) == std::vector<std::string>{"mcp_github_create_pull_request"});
  CHECK(has(top("create PR"), "mcp_github_create_pull_request"));
  CHECK(has(top("ls"), "mcp_filesystem_list_directory"));
  CHECK(top("mkdir", 1) == std::vector<std::string>{"mcp_filesystem_create_directory"});
  CHECK(has(top("list repo issues"), "mcp_github_list_issues"));
  CHECK(has(top("query the db"), "mcp_postgres_query"));
  CHECK(top("nav to example.com", 1) == std::vector<std::string>{"mcp_puppeteer_puppeteer_navigate"});
  CHECK(top("ss of the page", 1) == std::vector<std::string>{"mcp_puppeteer_puppeteer_screenshot"});
}

TEST_CASE("words the second and third held-out catalogs showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout2-mcp-queries.jsonl's first run: reactions, contacts,
  // companies and errors in other languages, chat rooms, notes on an issue.
  CHECK(top("Добавь реакцию 👍 к сообщению в Slack", 1) == std::vector<std::string>{"mcp_slack_slack_add_reaction"});
  CHECK(top("agregar una reacción al mensaje", 1) == std::vector<std::string>{"mcp_slack_slack_add_reaction"});
  CHECK(top("list chat rooms", 1) == std::vector<std::string>{"mcp_slack_slack_list_channels"});
  CHECK(top("add a note to issue 42", 1) == std::vector<std::string>{"mcp_github_add_issue_comment"});
  CHECK(expanded("the app crashes", "mcp_github_search_issues", "crash", "error exception"));
  CHECK(expanded("Reaktion hinzufügen", "mcp_slack_slack_add_reaction", "reaktion", "reaction reactions"));
  CHECK(expanded("错误日志", "mcp_github_search_issues", "错误", "error errors"));
  // And the third held-out set's: abbreviations, synonyms, project and task in other languages.
  CHECK(expanded("svc list", "mcp_redis_list", "svc", "service"));
  CHECK(expanded("proj settings", "mcp_redis_set", "proj", "project"));
  CHECK(expanded("label the issue", "mcp_gitlab_create_issue", "label", "tag"));
  CHECK(expanded("Projekt erstellen", "mcp_gitlab_create_branch", "projekt", "project projects"));
  CHECK(expanded("项目列表", "mcp_redis_list", "项目", "project projects"));
  CHECK(expanded("покажи мои задачи", "mcp_everything_simulate-research-query", "задача", "issue bug task todo"));
}

TEST_CASE("words the fifth held-out catalog showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout5-mcp-queries.jsonl's first run: shorthand for
  // transactions, tomorrow, flights and calendars; done, tags, invitations and availability;
  // subscriptions, discounts, refunds, dashboards and flights in other languages. A catalog of
  // the tools those servers have, each a near neighbour of another, so a word the lexicon
  // lacked ranks the neighbour first.
  JsonEngine e = engine_of(R"([
    {"name":"list_transactions","description":"List transactions for a customer, newest first"},
    {"name":"create_transaction","description":"Create a new draft transaction"},
    {"name":"list_subscriptions","description":"List the subscriptions of the account"},
    {"name":"create_discount","description":"Create a discount code that customers can apply at checkout"},
    {"name":"create_adjustment","description":"Create an adjustment to credit or refund a completed transaction"},
    {"name":"close_tasks","description":"Complete one or more tasks by marking them as closed"},
    {"name":"create_tasks","description":"Create new tasks in a project"},
    {"name":"get_labels_list","description":"Get all personal labels"},
    {"name":"respond_to_event","description":"Respond to an event invitation with accepted, declined or tentative"},
    {"name":"create_event","description":"Create a new calendar event"},
    {"name":"list_events","description":"List the calendar events of a day, such as today or tomorrow"},
    {"name":"get_freebusy","description":"Query free and busy time across calendars"},
    {"name":"list_dashboards","description":"List all dashboards"},
    {"name":"list_cards","description":"List all saved questions"},
    {"name":"search_flights","description":"Search flights between two airports on a date"},
    {"name":"get_weather","description":"Get the weather forecast at an airport"}])");
  each_first(e, {
      {"txns for cust", "list_transactions"},
      {"mark a to-do as done", "close_tasks"},
      {"tags", "get_labels_list"},
      {"rsvp to the invite", "respond_to_event"},
      {"gcal evts tmrw", "list_events"},
      {"check my availability", "get_freebusy"},
      {"flts PEK to SHA", "search_flights"},
      {"lister les abonnements", "list_subscriptions"},
      {"Erstelle einen Rabattcode SOMMER20", "create_discount"},
      {"Peux-tu rembourser la transaction txn_123 ?", "create_adjustment"},
      {"대시보드 목록", "list_dashboards"},
      {"查一下明天北京到上海的航班", "search_flights"},
  });
  CHECK(taken_for(e, "txns for cust", "list_transactions", "txn") == "transaction");
  CHECK(taken_for(e, "Erstelle einen Rabattcode SOMMER20", "create_discount", "rabattcode") == "discount");
}

TEST_CASE("words the sixth held-out catalog showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout6-mcp-queries.jsonl's first run: a shop's coupons,
  // stock, refunds, orders, customers and invoices, an accountant's reports, a mailbox's unread
  // mail, a runner's workouts and a cook's recipes, in English words the
  // descriptions lack and in other languages. Each tool has a near neighbour that ranks first
  // when the lexicon lacks the word.
  JsonEngine e = engine_of(R"([
    {"name":"coupons_create","description":"Create a new coupon"},
    {"name":"tax_rates_create","description":"Create a new tax rate"},
    {"name":"coupons_list","description":"List coupons with optional filters"},
    {"name":"settings_list","description":"List settings groups"},
    {"name":"reports_low_stock","description":"Get low stock report"},
    {"name":"orders_refunds_create","description":"Create a refund for an order"},
    {"name":"receive_payment","description":"Record a payment received from a customer"},
    {"name":"orders_list","description":"List orders with optional filters"},
    {"name":"customers_list","description":"List customers"},
    {"name":"create_invoice","description":"Create an invoice for a customer"},
    {"name":"create_estimate","description":"Create an estimate for a customer"},
    {"name":"get_profit_loss","description":"Get a Profit and Loss (Income Statement) report"},
    {"name":"get_balance_sheet","description":"Get a Balance Sheet report"},
    {"name":"get_company_info","description":"Get the company's information"},
    {"name":"payment_gateways_update","description":"Update a payment gateway"},
    {"name":"payment_gateways_get","description":"Get a payment gateway"},
    {"name":"get_unseen_messages","description":"Get unseen (unread) messages"},
    {"name":"get_message_count","description":"Count the messages in a mailbox"},
    {"name":"get_all_activities","description":"Fetches complete activity history"},
    {"name":"get_athlete_zones","description":"Get the athlete's heart rate and power zones"},
    {"name":"recipe_search","description":"Search for recipes across all sources"},
    {"name":"ingredient_search","description":"Give a list of ingredients you have and find dishes that use them"},
    {"name":"meal_plan","description":"Plan the week's meals"}])");
  each_first(e, {
      {"make a promo code", "coupons_create"},
      {"items that are almost sold out", "reports_low_stock"},
      {"give a customer their money back", "orders_refunds_create"},
      {"company's assets and liabilities", "get_balance_sheet"},
      {"cook with leftovers", "ingredient_search"},
      {"my workouts", "get_all_activities"},
      {"Turn off PayPal as a payment option", "payment_gateways_update"},
      {"Rechnung erstellen", "create_invoice"},
      {"쿠폰 목록", "coupons_list"},
      {"e-mails não lidos", "get_unseen_messages"},
      {"отчёт о прибылях и убытках", "get_profit_loss"},
      {"Quais produtos estão com estoque baixo?", "reports_low_stock"},
      {"Erstatte dem Kunden den vollen Betrag für Bestellung 3381", "orders_refunds_create"},
      {"buscar recetas vegetarianas", "recipe_search"},
      {"帮我找一个食谱", "recipe_search"},
  });
  CHECK(taken_for(e, "Rechnung erstellen", "create_invoice", "rechnung") == "invoice bill");
}

TEST_CASE("words the seventh held-out catalog showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout7-mcp-queries.jsonl's first run: workflow automation,
  // code quality, SEO and trading tools, in English words the descriptions lack and in other
  // languages; each tool beside a near neighbour.
  JsonEngine e = engine_of(R"([
    {"name":"deactivate_workflow","description":"Deactivate a workflow"},
    {"name":"update_workflow","description":"Update a workflow"},
    {"name":"list_executions","description":"List the executions of workflows, with their status"},
    {"name":"run_command","description":"Run a command on the remote host"},
    {"name":"list_models","description":"List the models installed locally"},
    {"name":"list_sessions","description":"List the open sessions"},
    {"name":"submit_sitemap","description":"Submit a sitemap for a site"},
    {"name":"inspect_url","description":"Inspect a URL of a site"},
    {"name":"hotspots","description":"Search for security hotspots in a project"},
    {"name":"issues","description":"Search for issues in a project"},
    {"name":"system_ping","description":"Ping the server: returns pong when it is up, checking its health"},
    {"name":"confirm_issue","description":"Confirm an issue of the server's analysis"},
    {"name":"place_market_order","description":"Place a market order to buy or sell"},
    {"name":"lookup_symbols","description":"Look up symbols on an exchange by name"},
    {"name":"get_ohlcv","description":"Get OHLCV candlestick data of a symbol"},
    {"name":"generate_bar_chart","description":"Generate a bar chart"}])");
  each_first(e, {
      {"Workflow deaktivieren", "deactivate_workflow"},
      {"list my automations", "list_executions"},
      {"список моделей", "list_models"},
      {"サイトマップを送信", "submit_sitemap"},
      {"보안 핫스팟 조회", "hotspots"},
      {"is the server alive", "system_ping"},
      {"Compra 50 dólares de Solana a precio de mercado", "place_market_order"},
      {"purchase 0.1 BTC", "place_market_order"},
      {"price candles for SOL every 4 hours", "get_ohlcv"},
  });
}

TEST_CASE("words the eighth held-out catalog showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout8-mcp-queries.jsonl's first run: spreadsheets, a
  // password vault, a blockchain wallet, videos and voice agents, in English words the
  // descriptions lack (and British spellings) and in other languages; each tool beside a near
  // neighbour.
  JsonEngine e = engine_of(R"([
    {"name":"merge_cells","description":"Merge a range of cells"},
    {"name":"format_cells","description":"Format a range of cells: bold, italic, font size"},
    {"name":"delete_columns","description":"Delete columns from a sheet"},
    {"name":"delete_rows","description":"Delete rows from a sheet"},
    {"name":"clear_values","description":"Clear the values of a range"},
    {"name":"get_values","description":"Get the values of a range"},
    {"name":"describe_sheets","description":"List the sheets of an Excel workbook"},
    {"name":"restore_item","description":"Restore an item from the trash"},
    {"name":"delete_item","description":"Delete an item"},
    {"name":"lock","description":"Lock the vault"},
    {"name":"sync","description":"Sync the vault with the server"},
    {"name":"get_org_events","description":"Get the event logs of an organization"},
    {"name":"list_org_members","description":"List the members of an organization"},
    {"name":"get_native_balance","description":"Get the native token balance of an address"},
    {"name":"transfer_native_token","description":"Transfer native tokens to an address"},
    {"name":"get_transaction","description":"Get a transaction by its hash"},
    {"name":"get_block","description":"Get a block by its number"},
    {"name":"get_transcripts","description":"Get the transcripts of a video"},
    {"name":"get_video_details","description":"Get the details of a video"},
    {"name":"create_assistant","description":"Create a voice assistant"},
    {"name":"create_call","description":"Create an outbound phone call"}])");
  each_first(e, {
      {"combine cells A1 and B1 into one", "merge_cells"},
      {"combinar celdas", "merge_cells"},
      {"fmt cells A1:D1 bold", "format_cells"},
      {"rm cols C to E", "delete_columns"},
      {"Spalten löschen", "delete_columns"},
      {"wipe the contents of B2:B20", "clear_values"},
      {"tabs in report.xlsx", "describe_sheets"},
      {"undelete a login I removed by mistake", "restore_item"},
      {"保管庫をロック", "lock"},
      {"audit log of the organisation", "get_org_events"},
      {"how much BNB are my holdings", "get_native_balance"},
      {"saldo della mia carteira", "get_native_balance"},
      {"트랜잭션 조회", "get_transaction"},
      {"subtitles of a YouTube video", "get_transcripts"},
      {"set up a phone bot", "create_assistant"},
      {"고객에게 전화 걸어줘", "create_call"},
  });
}

TEST_CASE("everyday English reaches the words tool catalogs use", "[model_queries]") {
  // Words people use for the ones tool descriptions use (find for search, stats for metrics, a
  // CV for a resume, ...); each tool listed after a neighbour that shares the rest of the query.
  JsonEngine e = engine_of(R"([
    {"name":"get_flight","description":"Get a flight by its id"},
    {"name":"search_flights","description":"Search flights between two cities"},
    {"name":"get_campaign","description":"Get a campaign"},
    {"name":"get_campaign_metrics","description":"Get the metrics of a campaign"},
    {"name":"list_users","description":"List the users"},
    {"name":"list_permissions","description":"List the permissions of a user"},
    {"name":"list_rules","description":"List the rules"},
    {"name":"create_notification_rule","description":"Create a notification rule"},
    {"name":"get_weekly_report","description":"Get the weekly report"},
    {"name":"get_weekly_summary","description":"Get the weekly summary"},
    {"name":"get_portal","description":"Get the settings of the portal"},
    {"name":"login","description":"Log in to the portal"},
    {"name":"list_tables","description":"List the restaurant's tables"},
    {"name":"book_table","description":"Book a table at the restaurant"},
    {"name":"get_book","description":"Get a book by its id"},
    {"name":"get_author","description":"Get the author of a book"},
    {"name":"get_candidate","description":"Get a candidate"},
    {"name":"get_resume","description":"Get the resume of a candidate"},
    {"name":"get_document","description":"Get a document"},
    {"name":"update_document","description":"Update a document"}])");
  each_first(e, {
      {"find flights to Paris", "search_flights"},
      {"campaign stats", "get_campaign_metrics"},
      {"user privileges", "list_permissions"},
      {"alert rules", "create_notification_rule"},
      {"weekly recap", "get_weekly_summary"},
      {"sign in to the portal", "login"},
      {"reserve a table at the restaurant", "book_table"},
      {"writer of a book", "get_author"},
      {"candidate CV", "get_resume"},
      {"edit the document", "update_document"},
  });
}

TEST_CASE("words the tenth held-out catalog showed missing", "[model_queries]") {
  // From the misses of bench/data/heldout10-mcp-queries.jsonl's first run: hashes, expiring
  // domains and transactions, in English words the descriptions lack; each tool listed after
  // a neighbour that shares the rest of the query's words.
  JsonEngine e = engine_of(R"([
    {"name":"count","description":"Count the characters and words of a text"},
    {"name":"hash","description":"Compute the MD5 or SHA-256 hash of a text"},
    {"name":"search_domain","description":"Check whether a domain is available"},
    {"name":"expiring_domains","description":"List domains that expire soon"},
    {"name":"get_transactions","description":"List the transactions"},
    {"name":"update_transactions","description":"Update the category of several transactions"}])");
  each_first(e, {
      {"checksum of a text", "hash"},
      {"domains about to lapse", "expiring_domains"},
      {"relabel transactions", "update_transactions"},
  });
}

TEST_CASE("computing words reach the words tool descriptions use", "[model_queries]") {
  // Words a user or model writes for the ones tool descriptions use (credentials for auth, RAM
  // for memory, unzip for extract, rollback for revert, tx for transaction, ...); each tool
  // listed after a neighbour that shares the rest of the query's words, so that a tie goes the
  // wrong way.
  JsonEngine e = engine_of(R"([
    {"name":"list_apps","description":"List the apps of the account"},
    {"name":"check_auth","description":"Check that the account's authentication still works"},
    {"name":"get_device","description":"Get a device's model and battery"},
    {"name":"get_memory","description":"Get the memory usage of a device"},
    {"name":"list_archives","description":"List the archives in a folder"},
    {"name":"extract_archive","description":"Extract an archive into a folder"},
    {"name":"list_deployments","description":"List the deployments"},
    {"name":"revert_deployment","description":"Revert a deployment to the previous one"},
    {"name":"get_server","description":"Get a server"},
    {"name":"restart_server","description":"Restart a server"},
    {"name":"list_apps_on_phone","description":"List the apps on the phone"},
    {"name":"remove_app","description":"Remove an app from the phone"},
    {"name":"get_block","description":"Get a block by its hash"},
    {"name":"get_transaction","description":"Get a transaction by its hash"},
    {"name":"list_caches","description":"List the caches"},
    {"name":"clear_cache","description":"Clear a cache and delete its entries"}])");
  each_first(e, {
      {"are the account credentials ok", "check_auth"},
      {"device RAM", "get_memory"},
      {"unzip the archive into a folder", "extract_archive"},
      {"rollback the deployment", "revert_deployment"},
      {"reboot the server", "restart_server"},
      {"uninstall an app from the phone", "remove_app"},
      {"get the tx with this hash", "get_transaction"},
      {"purge the cache", "clear_cache"},
  });
}

TEST_CASE("requests in other languages reach the words tool catalogs use most", "[model_queries]") {
  // The lexicon's concepts for the content words most frequent across the catalogs (results,
  // server, version, logs, metrics, permissions, ...), asked for in the nine languages; each
  // tool listed after a neighbour that shares the rest of the request's words, so that a tie
  // goes the wrong way.
  JsonEngine e = engine_of(R"([
    {"name":"get_database_info","description":"Get the configuration of a database"},
    {"name":"get_server_info","description":"Get the version and configuration of the SQL server"},
    {"name":"list_tables","description":"List the tables in a database"},
    {"name":"list_views","description":"List the views in a schema"},
    {"name":"get_campaign","description":"Get a campaign by its id"},
    {"name":"get_campaign_metrics","description":"Get the metrics of a campaign"},
    {"name":"get_build","description":"Get a build by its number"},
    {"name":"get_build_logs","description":"Get the logs of a build"},
    {"name":"list_roles","description":"List the roles"},
    {"name":"list_permissions","description":"List the permissions of a role"},
    {"name":"filter_rows","description":"Filter the rows of a table"},
    {"name":"sort_rows","description":"Sort the rows of a table"},
    {"name":"import_report","description":"Import a report from a file"},
    {"name":"export_report","description":"Export a report as a file"},
    {"name":"start_search","description":"Start a search"},
    {"name":"get_search_results","description":"Get the results of a search"},
    {"name":"get_order","description":"Get an order by its id"},
    {"name":"get_recent_orders","description":"Get the most recent orders"},
    {"name":"get_cache","description":"Get an entry of the cache"},
    {"name":"clear_cache","description":"Clear the cache"}])");
  each_first(e, {
      {"Покажи версию SQL сервера", "get_server_info"},
      {"Какие представления есть в схеме sales?", "list_views"},
      {"метрики кампании", "get_campaign_metrics"},
      {"Zeig mir die Protokolle des Builds", "get_build_logs"},
      {"权限列表", "list_permissions"},
      {"trier les lignes du tableau", "sort_rows"},
      {"筛选表格的行", "filter_rows"},
      {"行を絞り込み", "filter_rows"},
      {"レポートをエクスポート", "export_report"},
      {"risultati della ricerca", "get_search_results"},
      {"검색 결과", "get_search_results"},
      {"последние заказы", "get_recent_orders"},
      {"清空缓存", "clear_cache"},
  });
}

TEST_CASE("requests in other languages reach the things tools in more domains act on", "[model_queries]") {
  // Round 42's concepts (devices and installs, budgets, deliveries, volume, backups, workouts,
  // temperature, candidates, forums, reminders, invitations, ...), asked for in the nine
  // languages; each tool listed after a neighbour that shares the rest of the request's words,
  // so that a tie goes the wrong way. None of these found its tool first before them.
  JsonEngine e = engine_of(R"([
    {"name":"get_account","description":"Get the account's details"},
    {"name":"get_budget","description":"Get the account's budget"},
    {"name":"get_next_order","description":"Get the next order"},
    {"name":"skip_next_delivery","description":"Skip the next delivery"},
    {"name":"get_track","description":"Get a track of the project"},
    {"name":"set_track_volume","description":"Set the volume of a track"},
    {"name":"list_apps","description":"List the apps on a device"},
    {"name":"install_app","description":"Install an app on a device"},
    {"name":"create_backup","description":"Create a backup of the database"},
    {"name":"restore_backup","description":"Restore the database from a backup"},
    {"name":"log_meal","description":"Log a meal"},
    {"name":"log_workout","description":"Log a workout"},
    {"name":"get_thermostat","description":"Get the thermostat's mode in a room"},
    {"name":"get_temperature","description":"Get the temperature of a room"},
    {"name":"get_job","description":"Get a job opening"},
    {"name":"list_candidates","description":"List the candidates for a job"},
    {"name":"list_messages","description":"List the messages"},
    {"name":"list_forum_posts","description":"List the posts of the forum"},
    {"name":"create_note","description":"Create a note"},
    {"name":"create_reminder","description":"Create a reminder"},
    {"name":"add_member","description":"Add a member to the workspace"},
    {"name":"invite_member","description":"Send an invitation to join the workspace"}])");
  each_first(e, {
      {"presupuesto de la cuenta", "get_budget"},
      {"Überspringe die nächste Lieferung", "skip_next_delivery"},
      {"громкость дорожки", "set_track_volume"},
      {"在设备上安装应用", "install_app"},
      {"Ripristina il database dal backup", "restore_backup"},
      {"Registra il mio allenamento di oggi", "log_workout"},
      {"ワークアウトを記録して", "log_workout"},
      {"Какая температура в комнате?", "get_temperature"},
      {"지원자 목록", "list_candidates"},
      {"论坛的帖子", "list_forum_posts"},
      {"Crie um lembrete para amanhã", "create_reminder"},
      {"Einladung in den Workspace senden", "invite_member"},
  });
}

TEST_CASE("in a whole message an English word's synonyms count half", "[model_queries]") {
  // A message has words enough of its own; the lexicon's English synonyms of one of them
  // ("changed": edit, update) at full weight let the tools that say so outrank the one the rest
  // of the message describes. Another language's words keep their full weight: there the
  // expansion is all the word says.
  JsonEngine e = engine_of(R"([
    {"name":"update_project","description":"Update a project's name or settings"},
    {"name":"edit_project_members","description":"Edit the members of a project"},
    {"name":"measures_history","description":"History of a project's measures, such as test coverage"}])");
  each_first(e, {{"How has test coverage on the api project changed over the last three months?", "measures_history"},
                 {"Zeig mir, wie sich die Testabdeckung im Projekt geändert hat", "measures_history"}});
}

TEST_CASE("English words are not read as other languages' words", "[model_queries]") {
  // Words of other languages that stem to an English word with another meaning are left out:
  // French "commande" (order) is "command" once stemmed, Spanish "informe" (report) "inform".
  JsonEngine e = engine_of(R"([
    {"name":"run_command","description":"Run a shell command"},
    {"name":"orders_list","description":"List orders"},
    {"name":"notify_user","description":"Send a notification to keep the user informed"},
    {"name":"get_report","description":"Get a sales report"}])");
  for (const char* query : {"run this command", "keep me informed"}) {
    INFO(query);
    for (const json& hit : hits(e, query, 5)) {
      CHECK(hit["name"] != "orders_list");
      CHECK(hit["name"] != "get_report");
    }
  }
}

TEST_CASE("a misspelt word of another language still finds its meaning, one edit away", "[model_queries]") {
  // Typo tolerance reaches another language's words by one edit only (two reached too many
  // from English words a catalog lacks); one still corrects the request's own typos.
  JsonEngine e = engine_of(R"([
    {"name":"write_file","description":"Write text to a file"},
    {"name":"read_file","description":"Read a file"},
    {"name":"add_comment","description":"Add a comment to a page"}])");
  each_first(e, {{"Scrkvi questo testo in un file chiamato note.txt", "write_file"}});
  CHECK(taken_for(e, "Scrkvi questo testo in un file", "write_file", "scrkvi") == "write save (typo of scrivi)");
}

TEST_CASE("the function words of other languages never reach English words", "[model_queries]") {
  // Spanish and Italian "del" is "of the", not delete; Portuguese "dele" stems to it.
  for (const char* query : {"Muéstrame el contenido del archivo README", "quiero ver los commits del proyecto",
                            "mostra il contenuto del file", "o conteúdo dele"}) {
    INFO(query);
    for (const std::string& name : top(query, 5)) CHECK(name.find("delete") == std::string::npos);
  }
  CHECK(has(top("Muéstrame el contenido del archivo README"), "mcp_github_get_file_contents"));
  // French "dire" (say) would stem to "dir", a directory; German "der" and "die" are one typo
  // from it.
  for (const char* query : {"peux-tu me dire", "der Kunde", "die Rechnung"}) {
    INFO(query);
    for (const std::string& name : top(query, 5)) CHECK(name.find("directory") == std::string::npos);
  }
  // Whole requests: the words that carry the request still find the tool.
  each_in_top3({
      {"Quiero mover el archivo notas.txt a la carpeta del proyecto", "mcp_filesystem_move_file"},
      {"Lee el archivo config.yaml y dime qué contiene", "mcp_filesystem_read_file"},
      {"Wie weit ist es von Berlin nach Hamburg mit dem Auto?", "mcp_google-maps_maps_distance_matrix"},
      {"Quelle est l'altitude du sommet du mont Blanc ?", "mcp_google-maps_maps_elevation"},
      {"¿Podrías crear una rama para la corrección del error?", "mcp_github_create_branch"},
  });
}

TEST_CASE("Russian words in any case, and words two lexicon entries share", "[model_queries]") {
  // The light stemmer takes the case ending off, so "коде" (in the code) and "файла" (of the
  // file) meet the lexicon's "код" and "файл".
  each_in_top3({
      {"Найди в коде функцию авторизации", "mcp_github_search_code"},
      {"Покажи содержимое файла README", "mcp_github_get_file_contents"},
      {"Отправь сообщение в канале поддержки", "mcp_slack_slack_post_message"},
      {"Создай ветку для исправления", "mcp_github_create_branch"},
  });
  CHECK(expanded("в коде", "mcp_github_search_code", "код", "code"));
  // Words that analyse to one key keep every meaning: "задачи" is a task and an issue, and
  // Spanish "cerca de" (its "de" a stop word) is nearby as well as Italian "cerca" (search).
  CHECK(expanded("покажи задачи", "mcp_github_list_issues", "задача", "issue bug task todo"));
  CHECK(expanded("farmacias cerca de aquí", "mcp_google-maps_maps_search_places", "cerca", "search find nearby"));
  // Review, in the languages the lexicon has.
  each_in_top3({
      {"プルリクエストにレビューを書いて", "mcp_github_create_pull_request_review"},
      {"Revisa el pull request de Ana", "mcp_github_create_pull_request_review"},
  });
}

TEST_CASE("typos still find the tool", "[model_queries]") {
  CHECK(has(top("serch repositry"), "mcp_github_search_repositories"));
  CHECK(has(top("creat isue"), "mcp_github_create_issue"));
  CHECK(has(top("take a screenshoot"), "mcp_puppeteer_puppeteer_screenshot"));
}

TEST_CASE("a misspelt word the lexicon knows takes its meaning", "[model_queries]") {
  // "folder" and "change" are lexicon words (-> directory, edit), not catalog words: before
  // lexicon keys were typo candidates, each of these found nothing or the wrong tool.
  CHECK(has(top("fodler"), "mcp_filesystem_list_directory"));
  CHECK(has(top("Show me what's in the src fodler"), "mcp_filesystem_list_directory"));
  CHECK(has(top("chaneg the readme"), "mcp_filesystem_edit_file"));
  CHECK(has(top("Chaneg the port from 3000 to 8080 in server.js"), "mcp_filesystem_edit_file"));
  CHECK(expanded("fodler", "mcp_filesystem_list_directory", "fodler", "directory (typo of folder)"));
}

TEST_CASE("a long message's misspelt words are corrected too", "[model_queries]") {
  // More than 6 words: only words of 4+ letters, by one edit. Without the correction "delte"
  // matches nothing and create_entities ranks first on "entities" and "knowledge graph".
  const std::string message = "I was wondering if you could possibly delte the old entities from the knowledge graph";
  CHECK(top(message, 1) == std::vector<std::string>{"mcp_memory_delete_entities"});
  CHECK(expanded(message, "mcp_memory_delete_entities", "delt", "delet (typo)"));
}

TEST_CASE("a long word's one closest fix counts as the word itself", "[model_queries]") {
  // "deployyment" (8+ letters after stemming) has one closest catalog word, so it counts in
  // full; at half weight "how many" (count) outranked it.
  JsonEngine e;
  REQUIRE(json::parse(e.add_tools(R"([
    {"name":"count_documents","description":"Count the documents in a collection that match a filter"},
    {"name":"scale_deployment","description":"Scale a deployment to a number of replicas"},
    {"name":"list_pods","description":"List the pods of a deployment"}])"))["ok"] == true);
  const auto ranked = [&](const std::string& query) { return hits(e, query, 3); };
  CHECK(ranked("how many deployyment")[0]["name"] == "scale_deployment");
  CHECK(ranked("How many replicas does the api deployyment have? Bump it to 5.") ==
        ranked("How many replicas does the api deployment have? Bump it to 5."));
  const json t = json::parse(e.explain("how many deployyment", "scale_deployment"))["value"];
  size_t fixed = 0;
  for (const json& term : t["terms"]) {
    if (term["term"] != "deployment") continue;
    CHECK(term["queryWeight"] == 1);
    ++fixed;
  }
  CHECK(fixed > 0);  // the fix is among the explained terms, so the check above ran
}

TEST_CASE("an abbreviation the lexicon lacks finds the words it starts", "[model_queries]") {
  // None of these is a lexicon word: each finds its tool only as the start of a catalog word.
  JsonEngine e = engine_of(R"([
    {"name":"list_workspaces","description":"List the workspaces of an organization"},
    {"name":"create_milestone","description":"Create a milestone with a due date"},
    {"name":"get_subscription","description":"Get a billing subscription and its invoices"},
    {"name":"send_message","description":"Send a message to a channel"}])");
  each_first(e, {{"milest", "create_milestone"}, {"subs", "get_subscription"},
                 {"worksp", "list_workspaces"}, {"invo", "get_subscription"}});
  // A completion counts half, and explain says where it came from.
  CHECK(taken_for(e, "subs", "get_subscription", "sub") == "subscription (prefix)");  // "subs" stems to "sub"
  const json t = json::parse(e.explain("subs", "get_subscription"))["value"];
  size_t seen = 0;
  for (const json& term : t["terms"]) {
    CHECK(term["queryWeight"] == 0.5);
    ++seen;
  }
  CHECK(seen > 0);
  // A long unknown word is a word the catalog lacks, not an abbreviation: no completion.
  const json long_word = json::parse(e.explain("subscripti", "get_subscription"))["value"];
  for (const json& x : long_word["expansions"]) CHECK(x["to"].get<std::string>().find("(prefix)") == std::string::npos);
}

TEST_CASE("a longer form of a catalog word, or the word with accents, finds it", "[model_queries]") {
  JsonEngine e = engine_of(R"([
    {"name":"get_application","description":"Get an application and its status"},
    {"name":"sync_application","description":"Sync an application to its target state"},
    {"name":"reverse_geocode","description":"Find the address at a pair of coordinates"},
    {"name":"find_cafe","description":"Find a cafe or restaurant nearby"},
    {"name":"send_message","description":"Send a message to a channel"}])");
  each_first(e, {{"syncronize the application", "sync_application"},    // not a typo of "sync": a form of it
                 {"Synchronisiere die Anwendung", "sync_application"},  // German
                 {"géocodage inverse", "reverse_geocode"},              // French, once its accents are dropped
                 {"un café près d'ici", "find_cafe"}});                 // the catalog's word without its accent
  // explain says what each word was taken for; a stem counts half, an accent-free match in full.
  CHECK(taken_for(e, "syncronize", "sync_application", "syncroniz") == "sync (stem)");
  CHECK(taken_for(e, "café", "find_cafe", "café") == "caf");  // stemmed as the catalog's "cafe" is
  const json stem = json::parse(e.explain("syncronize", "sync_application"))["value"];
  for (const json& term : stem["terms"]) CHECK(term["queryWeight"] == 0.5);
  // Words under 6 letters are not read as forms of a shorter word.
  CHECK(taken_for(e, "syncr", "sync_application", "syncr").find("(stem)") == std::string::npos);
}

TEST_CASE("settings are not a form of set", "[model_queries]") {
  // "config" reads as "configuration settings", and "settings" stemmed to "set" made Redis's
  // `set` the first hit of any message naming a config.
  for (const char* message : {"update the config settings", "change my settings",
                              "can you plese serch the repositry for where parseConfig is defined"}) {
    INFO(message);
    CHECK_FALSE(has(top(message, 5), "mcp_redis_set"));
  }
  CHECK(top("set the key session to abc in redis", 1) == std::vector<std::string>{"mcp_redis_set"});
}

TEST_CASE("word forms and verbs the tools do not use", "[model_queries]") {
  CHECK(top("think step by step", 1) == std::vector<std::string>{"mcp_sequential-thinking_sequentialthinking"});
  CHECK(top("open a file", 1) == std::vector<std::string>{"mcp_filesystem_read_file"});
  CHECK(has(top("save this note to a file"), "mcp_filesystem_write_file"));
  CHECK(has(top("searching the web"), "mcp_brave-search_brave_web_search"));
}

TEST_CASE("the words people use where tools say something else", "[model_queries]") {
  each_in_top3({
      {"make a new folder called logs", "mcp_filesystem_create_directory"},
      {"report a bug in the repo", "mcp_github_create_issue"},
      {"patch the config file", "mcp_filesystem_edit_file"},
      {"visit the homepage of example.com", "mcp_puppeteer_puppeteer_navigate"},
      {"draw me a cat wearing a hat", "mcp_everart_generate_image"},
      {"forget everything about Bob", "mcp_memory_delete_entities"},
      {"hover the mouse over the menu", "mcp_puppeteer_puppeteer_hover"},
      {"pick an item from the dropdown", "mcp_puppeteer_puppeteer_select"},
      {"approve this pull request", "mcp_github_create_pull_request_review"},
      {"modify the README", "mcp_filesystem_edit_file"},
      {"list open bugs in the project", "mcp_github_list_issues"},
      {"react with thumbs up to that message", "mcp_slack_slack_add_reaction"},
      {"what's inside this folder", "mcp_filesystem_list_directory"},
      {"find the route to the airport", "mcp_google-maps_maps_directions"},
      {"erase the cache key", "mcp_redis_delete"},
      {"recall what we discussed about the launch", "mcp_memory_search_nodes"},
      {"how far is Berlin from Munich", "mcp_google-maps_maps_distance_matrix"},
  });
}

TEST_CASE("requests in other languages find the English tools", "[model_queries]") {
  // One request per line, in the words a person would type.
  each_in_top3({
      {"Zeige mir den Inhalt der Datei config.yaml", "mcp_github_get_file_contents"},
      {"Erstelle einen neuen Ordner namens backup", "mcp_filesystem_create_directory"},
      {"Erstelle ein Issue im Repository", "mcp_github_create_issue"},
      {"Mache einen Screenshot der Seite", "mcp_puppeteer_puppeteer_screenshot"},
      {"Öffne die Webseite example.com im Browser", "mcp_puppeteer_puppeteer_navigate"},
      {"lire le fichier README", "mcp_filesystem_read_file"},
      {"rechercher des fichiers PDF dans le dossier", "mcp_filesystem_search_files"},
      {"envoyer un message sur le canal général", "mcp_slack_slack_post_message"},
      {"lister les commits du dépôt", "mcp_github_list_commits"},
      {"buscar archivos en el directorio", "mcp_filesystem_search_files"},
      {"crear una rama nueva en el repositorio", "mcp_github_create_branch"},
      {"borrar la clave de redis", "mcp_redis_delete"},
      {"cómo llegar al aeropuerto", "mcp_google-maps_maps_directions"},
      {"¿Qué tan lejos está Madrid de Barcelona?", "mcp_google-maps_maps_distance_matrix"},
      {"listar os arquivos da pasta", "mcp_filesystem_list_directory"},
      {"criar um repositório novo", "mcp_github_create_repository"},
      {"invia un messaggio su slack", "mcp_slack_slack_post_message"},
      {"прочитай файл", "mcp_filesystem_read_file"},
      {"создай новую ветку", "mcp_github_create_branch"},
      {"отправь сообщение в канал slack", "mcp_slack_slack_post_message"},
      {"列出目录中的文件", "mcp_filesystem_list_directory"},
      {"给我看看这个仓库的提交记录", "mcp_github_list_commits"},
      {"ファイルを読み込む", "mcp_filesystem_read_file"},
      {"新しいフォルダを作成", "mcp_filesystem_create_directory"},
      {"ウェブで検索して", "mcp_brave-search_brave_web_search"},
      {"파일 읽기", "mcp_filesystem_read_file"},
      {"새 폴더 만들기", "mcp_filesystem_create_directory"},
  });
}

TEST_CASE("lexicon phrases match words in a row, and cognates leave English alone", "[model_queries]") {
  // "ファイル" is three bigrams to the analyzer; the phrase matches them together.
  CHECK(expanded("ファイルを検索", "mcp_filesystem_search_files", "ファイル", "file"));
  // "finde" (German) stems as "find" does, so it is left out: an English query gets only its
  // English entry (find: search), not the other languages' concept of searching.
  const json en = json::parse(builtin().explain("find information", "mcp_filesystem_search_files"))["value"];
  REQUIRE(en["expansions"].size() == 1);
  CHECK(en["expansions"][0]["to"] == "search");
  // A host's phrase: two words in a row, not either one alone.
  JsonEngine e;
  REQUIRE(json::parse(e.configure(R"({"analysis":{"lexicon":{"spät jetzt":"current time"}}})"))["ok"] == true);
  REQUIRE(json::parse(e.add_tools(R"([{"name":"clock","description":"The current time in a timezone"},
                                      {"name":"late_fee","description":"Compute a late fee"}])"))["ok"] == true);
  CHECK(json::parse(e.search("spät jetzt bitte", "{}"))["value"][0]["name"] == "clock");
  CHECK(json::parse(e.explain("jetzt spät", "clock"))["value"]["expansions"].empty());
}

TEST_CASE("a fragment is never presented as a match", "[model_queries]") {
  // "PR" is a substring of slack_get_user_profile; it must not come back as a confident hit.
  for (const std::string& name : top("PR", 5)) CHECK(name.find("pull_request") != std::string::npos);
  const json r = json::parse(builtin().search("zzqx", R"({"limit":5})"));
  for (const json& hit : r["value"]) CHECK(hit["weak"] == true);
}

TEST_CASE("explain shows what the lexicon and typo tolerance added", "[model_queries]") {
  CHECK(expanded("open a PR", "mcp_github_create_pull_request", "pr", "pull request"));
  const json t = json::parse(builtin().explain("creat isue", "mcp_github_create_issue"))["value"];
  bool typo = false;
  for (const json& x : t["expansions"]) typo = typo || x["to"].get<std::string>().find("(typo)") != std::string::npos;
  CHECK(typo);
  for (const json& term : t["terms"]) {
    if (term["term"] == "issu") CHECK(term["queryWeight"] == 0.5);
  }
}

TEST_CASE("analysis options are configurable and reported", "[model_queries]") {
  JsonEngine e;
  const json cfg = json::parse(e.configure(R"({"analysis":{"stemmer":"none","lexicon":{"WX":"weather"}}})"));
  REQUIRE(cfg["ok"] == true);
  CHECK(cfg["value"]["analysis"]["stemmer"] == "none");
  CHECK(cfg["value"]["analysis"]["lexicon"] == json({{"wx", "weather"}}));
  CHECK(cfg["value"]["analysis"]["stopWords"] == true);
  REQUIRE(json::parse(e.add_tools(R"([{"name":"forecast","description":"Weather forecast for a city"}])"))["ok"] == true);
  CHECK(json::parse(e.search("wx", "{}"))["value"][0]["name"] == "forecast");
  const json bad = json::parse(e.configure(R"({"analysis":{"stemer":"light"}})"));
  CHECK(bad["ok"] == false);
  CHECK(bad["error"]["message"].get<std::string>().find("Did you mean \"stemmer\"") != std::string::npos);
  CHECK(json::parse(e.configure(R"({"analysis":{"stemmer":"snowball"}})"))["ok"] == false);
  // Porter2 is a C++ option (Bm25Params), not a configuration of the module.
  CHECK(json::parse(e.configure(R"({"analysis":{"stemmer":"porter2"}})"))["ok"] == false);
}

TEST_CASE("requests in other languages reach the tool words an audit of tool names found missing", "[model_queries]") {
  // Written after add, status, check, push, environment, resource and geocode (among others)
  // joined the lexicon in the nine languages; 7 of these 13 had the tool in the top 3 before.
  each_in_top3({
      {"Füge dem Issue #12 einen Kommentar hinzu", "mcp_github_add_issue_comment"},
      {"Ajoute une réaction 👍 à ce message Slack", "mcp_slack_slack_add_reaction"},
      {"añadir observaciones a la entidad Alice", "mcp_memory_add_observations"},
      {"Quel est l'état de la pull request 42 ?", "mcp_github_get_pull_request_status"},
      {"¿Cuál es el estado de las verificaciones del PR 7?", "mcp_github_get_pull_request_status"},
      {"PR 15 のチェックのステータスを確認して", "mcp_github_get_pull_request_status"},
      {"把这些文件推送到 GitHub 仓库", "mcp_github_push_files"},
      {"ファイルをまとめてリポジトリにプッシュして", "mcp_github_push_files"},
      {"Покажи переменные окружения сервера", "mcp_everything_get-env"},
      {"显示所有环境变量", "mcp_everything_get-env"},
      {"리소스 링크 목록을 가져와 줘", "mcp_everything_get-resource-links"},
      {"Geocodifica l'indirizzo via Roma 10, Milano", "mcp_google-maps_maps_geocode"},
      {"이 주소를 지오코딩해 줘", "mcp_google-maps_maps_geocode"},
  });
}
